package org.oxisync.app;

import java.nio.file.Files;
import java.nio.file.Path;
import java.text.Normalizer;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Optional;
import java.util.function.Predicate;
import org.oxisync.protocol.FolderDto;
import org.oxisync.protocol.OxiCloudApi;
import org.oxisync.protocol.Resource;
import org.oxisync.store.account.FolderPair;

/**
 * The rules for a new folder pair, shared by {@code oxisync pair add} and the desktop wizard so both accept and
 * refuse the same folders: the local folder is a folder (or does not exist yet), overlaps no other pair's folder
 * and neither holds nor sits inside OxiSync's own data folder; a remote path is NFC-normalised and has no
 * {@code .}, {@code ..}, backslash or NUL segment; missing remote folders are created one segment at a time.
 */
public final class PairRules {
    private PairRules() {
    }

    /** The folder a typed local path stands for: absolute and normalised. */
    public static Path localRoot(Path typed) {
        return typed.toAbsolutePath().normalize();
    }

    /**
     * Why {@code local} cannot become a new pair's folder, or empty when it can.
     *
     * @param existing the account's current pairs
     * @param appHome OxiSync's own folder (config, store, logs), or null to skip that check
     */
    public static Optional<String> localProblem(Path local, List<FolderPair> existing, Path appHome) {
        Path dir = localRoot(local);
        if (Files.exists(dir) && !Files.isDirectory(dir)) {
            return Optional.of(dir + " is a file, not a folder");
        }
        if (appHome != null) {
            Path home = localRoot(appHome);
            if (home.startsWith(dir) || dir.startsWith(home)) {
                return Optional.of(dir + " overlaps OxiSync's own data folder (" + home + ")");
            }
        }
        for (FolderPair p : existing) {
            Path other = localRoot(Path.of(p.localRoot()));
            if (dir.equals(other)) {
                return Optional.of(dir + " is already paired (pair '" + p.name() + "', with " + p.remotePath()
                        + " on the server); see oxisync pair list");
            }
            if (dir.startsWith(other) || other.startsWith(dir)) {
                return Optional.of(dir + " overlaps the folder of pair '" + p.name() + "' (" + other + ")");
            }
        }
        return Optional.empty();
    }

    /**
     * Why {@code remotePath} (canonical, {@link #normalizeRemotePath}) cannot become a new pair's server folder, or
     * empty when it can: two pairs may not sync the same server folder, nor one inside the other ({@code /} beside
     * {@code /Docs}), or each would see the other's changes as its own.
     */
    public static Optional<String> remoteProblem(String remotePath, List<FolderPair> existing) {
        List<String> mine = remoteSegments(remotePath);
        for (FolderPair p : existing) {
            List<String> other = remoteSegments(p.remotePath());
            int n = Math.min(mine.size(), other.size());
            if (mine.subList(0, n).equals(other.subList(0, n))) {
                String how = mine.size() == other.size() ? "is already synced by"
                        : mine.size() > other.size() ? "is inside " + normalizeRemotePath(p.remotePath()) + ", synced by"
                        : "holds " + normalizeRemotePath(p.remotePath()) + ", synced by";
                return Optional.of("the server folder " + remotePath + " " + how + " pair '" + p.name() + "' ("
                        + p.localRoot() + "); choose a server folder outside it, or remove that pair first");
            }
        }
        return Optional.empty();
    }

    /** The default name of a pair: the local folder's name ("root" for a file-system root). */
    public static String defaultName(Path local) {
        Path name = localRoot(local).getFileName();
        return name == null ? "root" : name.toString();
    }

    /** {@code base}, or "base 2", "base 3"... : the first that {@code taken} does not report. */
    public static String uniqueName(String base, Predicate<String> taken) {
        String name = base;
        for (int n = 2; taken.test(name); n++) {
            name = base + " " + n;
        }
        return name;
    }

    /** A remote path as typed ({@code Docs//2024/}) in canonical form ({@code /Docs/2024}); "/" is the drive root. */
    public static String normalizeRemotePath(String path) {
        return "/" + String.join("/", remoteSegments(path));
    }

    /**
     * The folder names along a remote path, NFC-normalised; empty segments are skipped. Throws
     * {@link IllegalArgumentException} for {@code .}, {@code ..}, a backslash or NUL.
     */
    public static List<String> remoteSegments(String path) {
        if (path == null) {
            throw new IllegalArgumentException("no remote folder path given");
        }
        List<String> out = new ArrayList<>();
        for (String s : Normalizer.normalize(path, Normalizer.Form.NFC).split("/")) {
            if (s.isEmpty()) {
                continue;
            }
            if (s.equals(".") || s.equals("..") || s.indexOf('\\') >= 0 || s.indexOf('\0') >= 0) {
                throw new IllegalArgumentException("not a valid remote folder path: " + path);
            }
            out.add(s);
        }
        return out;
    }

    /** Walks {@code path} from the drive root {@code rootId}, creating missing folders; returns the last one's id. */
    public static String resolveOrCreateRemote(OxiCloudApi api, String rootId, String path) {
        String id = rootId;
        for (String seg : remoteSegments(path)) {
            String found = null;
            Iterator<Resource> it = api.allResources(id);
            while (it.hasNext()) {
                Resource r = it.next();
                if (r instanceof FolderDto && r.name().equals(seg)) {
                    found = r.id();
                    break;
                }
            }
            id = found != null ? found : api.createFolder(id, seg).id();
        }
        return id;
    }
}
