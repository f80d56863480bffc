package org.oxisync.app.os;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.oxisync.store.io.DurableFiles;

/** Writes a small text file so that readers see either the old or the new content, never half of it. */
final class AtomicFiles {

    private AtomicFiles() {
    }

    static void writeString(Path target, String content) throws IOException {
        byte[] bytes = content.getBytes(StandardCharsets.UTF_8);
        DurableFiles.replace(target, out -> out.write(bytes));
    }
}
