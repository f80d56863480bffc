package org.oxisync.app.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.oxisync.core.scan.LocalScanner;
import org.oxisync.store.hash.Blake3;

/**
 * A local tree in the shape of the emulator's {@code RemoteClient.tree()}: relative path (NFC) → BLAKE3 hex of the
 * content, a folder as {@code "path/"} → "". Own temp files are included, so that tests see leftovers.
 */
public final class LocalTrees {
    private LocalTrees() {
    }

    public static Map<String, String> of(Path root) {
        Map<String, String> out = new TreeMap<>();
        try (Stream<Path> s = Files.walk(root)) {
            for (Path p : s.filter(p -> !p.equals(root)).toList()) {
                String rel = LocalScanner.relativeNfc(root, p);
                boolean folder = Files.isDirectory(p);
                out.put(folder ? rel + "/" : rel, folder ? "" : Blake3.hashHex(Files.readAllBytes(p)));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out;
    }
}
