package org.oxisync.core.commands;

import java.text.Normalizer;
import java.util.ArrayList;
import java.util.List;

/** Remote folder paths as users type them ({@code /}, {@code /Docs/2024}), normalized to NFC. */
final class RemotePaths {
    private RemotePaths() {}

    static String normalize(String path) {
        List<String> segs = segments(path);
        return "/" + String.join("/", segs);
    }

    static List<String> segments(String path) {
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
}
