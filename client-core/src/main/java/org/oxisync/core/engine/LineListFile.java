package org.oxisync.core.engine;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import org.oxisync.store.io.DurableFiles;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A small durable list file beside the listing cache: a header line naming its kind and version, then one entry a
 * line. What a missing file means is the owner's rule ({@link SealTouches}: nothing changed; {@link PendingFolders}:
 * unknown); a file with another header reads as damaged. Every change is durable before the method returns.
 */
final class LineListFile {
    private static final Logger LOG = LoggerFactory.getLogger(LineListFile.class);

    private final Path file;
    private final String header;

    LineListFile(Path file, String header) {
        this.file = file;
        this.header = header;
    }

    Path path() {
        return file;
    }

    /** Whether {@code entry} can be one line of the file. */
    static boolean isOneLine(String entry) {
        return entry.indexOf('\n') < 0 && entry.indexOf('\r') < 0;
    }

    /**
     * The entries, as written (empty lines too); empty when there is no file.
     *
     * @throws IOException unreadable, or not this kind of file (another or no header)
     */
    Optional<List<String>> entries() throws IOException {
        List<String> lines;
        try {
            lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        } catch (NoSuchFileException e) {
            return Optional.empty();
        } catch (RuntimeException e) { // malformed UTF-8
            throw new IOException(file + ": " + e, e);
        }
        if (lines.isEmpty() || !lines.get(0).equals(header)) {
            throw new IOException(file + ": not a \"" + header + "\" file");
        }
        return Optional.of(lines.subList(1, lines.size()));
    }

    /** Appends {@code entries} (each {@link #isOneLine}), fsynced; the file with its header when it is new. */
    void append(Collection<String> entries) throws IOException {
        StringBuilder text = new StringBuilder();
        boolean created = !Files.exists(file);
        if (created) {
            text.append(header).append('\n');
        }
        for (String e : entries) {
            text.append(e).append('\n');
        }
        ByteBuffer bytes = ByteBuffer.wrap(text.toString().getBytes(StandardCharsets.UTF_8));
        try (FileChannel out = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                StandardOpenOption.APPEND)) {
            while (bytes.hasRemaining()) {
                out.write(bytes);
            }
            out.force(true);
        }
        if (created) {
            forceFolder();
        }
    }

    /** Replaces the file with exactly {@code entries} (each {@link #isOneLine}), atomically and durably. */
    void replace(Collection<String> entries) throws IOException {
        StringBuilder text = new StringBuilder(header).append('\n');
        for (String e : entries) {
            text.append(e).append('\n');
        }
        byte[] bytes = text.toString().getBytes(StandardCharsets.UTF_8);
        DurableFiles.replace(file, out -> out.write(bytes));
    }

    /** Removes the file, durably when there was one (the unlink reaches the disk before this returns). */
    void delete() throws IOException {
        if (Files.deleteIfExists(file)) {
            forceFolder();
        }
    }

    private void forceFolder() {
        try (FileChannel dir = FileChannel.open(file.toAbsolutePath().getParent(), StandardOpenOption.READ)) {
            dir.force(true);
        } catch (IOException e) {
            LOG.debug("could not fsync {} after changing {}: {}", file.getParent(), file, e.toString());
        }
    }
}
