package org.oxisync.bench.many;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.oxisync.emulator.RemoteClient;
import org.oxisync.store.hash.Blake3;

/** The trees the runners compare: each client's folder and the server's, as path → content hash ("dir" for folders). */
final class Trees {
    private Trees() {
    }

    /** Path → BLAKE3 of every file, "dir" for every folder; the client's own temp files left out. */
    static Map<String, String> localTree(Path root, Map<Path, Object[]> cache) throws IOException {
        Map<String, String> out = new TreeMap<>();
        List<Path> all = new ArrayList<>();
        try (Stream<Path> s = Files.walk(root)) {
            s.forEach(all::add);
        } catch (UncheckedIOException e) {
            return Map.of("!", "listing failed: " + e.getCause());
        }
        for (Path p : all) {
            if (p.equals(root)) {
                continue;
            }
            String n = p.getFileName().toString();
            if (n.startsWith(".oxisync-") || n.endsWith(".oxipart")) {
                continue;
            }
            String rel = root.relativize(p).toString();
            try {
                BasicFileAttributes a = Files.readAttributes(p, BasicFileAttributes.class);
                if (a.isDirectory()) {
                    out.put(rel, "dir");
                } else if (a.isRegularFile()) {
                    Object key = a.fileKey();
                    Object[] hit = cache.get(p);
                    if (hit != null && hit[0].equals(a.size()) && hit[1].equals(a.lastModifiedTime().toMillis())
                            && java.util.Objects.equals(hit[2], key)) {
                        out.put(rel, (String) hit[3]);
                    } else {
                        String h = Blake3.hashHex(Files.readAllBytes(p));
                        cache.put(p, new Object[] {a.size(), a.lastModifiedTime().toMillis(), key, h});
                        out.put(rel, h);
                    }
                }
            } catch (NoSuchFileException e) {
                out.put(rel, "vanished");
            }
        }
        return out;
    }

    /** The server's live tree under /Shared, in the same form. */
    static Map<String, String> serverTree(RemoteClient remote) {
        return serverTree0(remote, "/Shared");
    }

    static Map<String, String> serverTree0(RemoteClient remote, String base) {
        Map<String, String> out = new TreeMap<>();
        serverWalk(remote, base, "", out);
        return out;
    }

    static void serverWalk(RemoteClient remote, String path, String rel, Map<String, String> out) {
        List<String> names;
        try {
            names = remote.list(path);
        } catch (RuntimeException e) {
            return; // moved away meanwhile
        }
        for (String n : names) {
            String p = path + "/" + n;
            String r = rel.isEmpty() ? n : rel + "/" + n;
            if (remote.folderId(p) != null) {
                out.put(r, "dir");
                serverWalk(remote, p, r, out);
            } else {
                try {
                    out.put(r, Blake3.hashHex(remote.read(p)));
                } catch (RuntimeException e) {
                    out.put(r, "vanished");
                }
            }
        }
    }


    static String describe(Map<String, String> a, Map<String, String> b) {
        List<String> d = new ArrayList<>();
        Set<String> keys = new java.util.TreeSet<>(a.keySet());
        keys.addAll(b.keySet());
        int n = 0;
        for (String k : keys) {
            if (!java.util.Objects.equals(a.get(k), b.get(k))) {
                n++;
                if (d.size() < 4) {
                    d.add(k + (a.containsKey(k) ? b.containsKey(k) ? " (content)" : " (only first)" : " (only second)"));
                }
            }
        }
        return n + " differences, e.g. " + d;
    }

}
