package org.oxisync.protocol;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.util.function.UnaryOperator;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A {@link DeltaBudget.Store} in one small text file ({@code "<count> <last request, epoch ms> <paused until, epoch ms>"}; the third field
 * is -1 when not paused, and may be absent in files written before it existed), so that every
 * process of an account (CLI, daemon, GUI) shares one budget. Each update reads, changes and atomically replaces the
 * file while holding an OS lock on {@code <file>.lock}. I/O failures are logged and the last known state is used.
 */
public final class FileDeltaBudgetStore implements DeltaBudget.Store {
    private static final Logger LOG = LoggerFactory.getLogger(FileDeltaBudgetStore.class);
    private final Path file;
    private final Path lockFile;
    private DeltaBudget.State lastKnown = DeltaBudget.State.EMPTY;

    public FileDeltaBudgetStore(Path file) {
        this.file = file;
        this.lockFile = file.resolveSibling(file.getFileName() + ".lock");
    }

    @Override
    public synchronized DeltaBudget.State load() {
        try {
            lastKnown = read();
        } catch (IOException | RuntimeException e) {
            LOG.debug("cannot read the delta budget file {}: {}", file.getFileName(), e.getClass().getSimpleName());
        }
        return lastKnown;
    }

    @Override
    public synchronized void save(DeltaBudget.State state) {
        update(s -> state);
    }

    @Override
    public synchronized DeltaBudget.State update(UnaryOperator<DeltaBudget.State> change) {
        try {
            Files.createDirectories(file.toAbsolutePath().getParent());
            try (FileChannel ch = FileChannel.open(lockFile, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
                    FileLock ignored = ch.lock()) {
                DeltaBudget.State next = change.apply(read());
                write(next);
                lastKnown = next;
                return next;
            }
        } catch (IOException | RuntimeException e) {
            LOG.debug("cannot update the delta budget file {}: {}", file.getFileName(), e.getClass().getSimpleName());
            lastKnown = change.apply(lastKnown);
            return lastKnown;
        }
    }

    private DeltaBudget.State read() throws IOException {
        String text;
        try {
            text = Files.readString(file, StandardCharsets.US_ASCII).trim();
        } catch (NoSuchFileException e) {
            return DeltaBudget.State.EMPTY;
        }
        String[] parts = text.split("\\s+");
        if (parts.length != 2 && parts.length != 3) {
            return DeltaBudget.State.EMPTY;
        }
        try {
            int count = Integer.parseInt(parts[0]);
            long last = Long.parseLong(parts[1]);
            long paused = parts.length == 3 ? Long.parseLong(parts[2]) : -1;
            return new DeltaBudget.State(Math.max(0, count), last < 0 ? null : Instant.ofEpochMilli(last),
                    paused < 0 ? null : Instant.ofEpochMilli(paused));
        } catch (NumberFormatException e) {
            return DeltaBudget.State.EMPTY;
        }
    }

    private void write(DeltaBudget.State s) throws IOException {
        String text = s.count() + " " + (s.lastRequest() == null ? -1 : s.lastRequest().toEpochMilli()) + " "
                + (s.pausedUntil() == null ? -1 : s.pausedUntil().toEpochMilli()) + "\n";
        Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
        Files.writeString(tmp, text, StandardCharsets.US_ASCII, StandardOpenOption.CREATE,
                StandardOpenOption.TRUNCATE_EXISTING, StandardOpenOption.WRITE);
        try {
            Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (AtomicMoveNotSupportedException e) {
            Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING);
        }
    }
}
