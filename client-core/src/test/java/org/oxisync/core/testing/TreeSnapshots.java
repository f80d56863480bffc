package org.oxisync.core.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.oxisync.core.scan.LocalScanner;
import org.oxisync.emulator.RemoteClient;
import org.oxisync.store.hash.Blake3;

/**
 * Snapshots of both sides of a pair for a test's checks: relative path (NFC) → BLAKE3 hex of the content, folders as
 * {@code "path/"} → "". Own temp files are included, so that tests see leftovers.
 */
public final class TreeSnapshots {
    private TreeSnapshots() {
    }

    /** Every file and folder below {@code root}. */
    public static Map<String, String> local(Path root) {
        Map<String, String> out = new TreeMap<>();
        try (Stream<Path> s = Files.walk(root)) {
            s.filter(p -> !p.equals(root)).forEach(p -> {
                String rel = LocalScanner.relativeNfc(root, p);
                out.put(Files.isDirectory(p) ? rel + "/" : rel, Files.isDirectory(p) ? "" : hashOf(p));
            });
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out;
    }

    /** BLAKE3 hex of a local file's content. */
    public static String hashOf(Path p) {
        try {
            return Blake3.hashHex(Files.readAllBytes(p));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Every file and folder of the user's drive on the emulator, in the shape of {@link #local(Path)}. */
    public static Map<String, String> remote(RemoteClient r) {
        return r.tree();
    }

    /** Hands every path of the user's drive to {@code visit}, a folder (as {@code "path/"}) before what it holds. */
    public static void walkRemote(RemoteClient r, Consumer<String> visit) {
        r.walk(visit);
    }
}
