package org.oxisync.store;

import org.oxisync.store.error.StoreException;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Clock;
import java.util.Optional;
import java.util.function.Supplier;
import java.util.regex.Pattern;
import org.oxisync.store.account.Accounts;
import org.oxisync.store.account.Settings;
import org.oxisync.store.chunks.ChunkIndex;
import org.oxisync.store.chunks.ChunkStore;
import org.oxisync.store.io.FileWrites;
import org.oxisync.store.db.Database;
import org.oxisync.store.journal.Journal;
import org.oxisync.store.status.ActivityLog;
import org.oxisync.store.status.Conflicts;
import org.oxisync.store.status.ItemErrors;
import org.oxisync.store.transfers.Transfers;
import org.oxisync.store.versions.VersionStore;

/**
 * Everything the client keeps on disk for one account besides the user's files:
 * {@code <dataDir>/accounts/<accountKey>/journal.db} (SQLite, WAL) and {@code …/chunks/} (the chunk store).
 * One process at a time: a lock file keeps a second process (or a second open in this one) out.
 *
 * <p>Each repository call is its own short transaction; {@link #inTransaction} groups several into one
 * atomic batch. If the database was found corrupt at open, {@link #needsRebuild()} is true: the old file was
 * kept aside and the engine should rebuild the journal from a fresh scan plus the server listing.
 */
public final class LocalStore implements AutoCloseable {
    private static final Pattern ACCOUNT_KEY = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]{0,63}");

    private final Path directory;
    private final FileChannel lockChannel;
    private final FileLock lock;
    private final Database db;
    private final ChunkStore chunkStore;
    private final ChunkIndex chunks;
    private final Journal journal;
    private final Accounts accounts;
    private final Settings settings;
    private final Transfers transfers;
    private final VersionStore versions;
    private final ItemErrors errors;
    private final Conflicts conflicts;
    private final ActivityLog activity;
    private final StoreOptions options;
    /** {@link #ownNamesKey()}, read at first use (under {@code lockChannel}'s monitor). */
    private byte[] ownNamesKey;

    private LocalStore(Path directory, FileChannel lockChannel, FileLock lock, Database db, ChunkStore chunkStore,
                       Clock clock, StoreOptions options) {
        this.directory = directory;
        this.lockChannel = lockChannel;
        this.lock = lock;
        this.db = db;
        this.chunkStore = chunkStore;
        this.options = options;
        this.chunks = new ChunkIndex(db, chunkStore, clock);
        this.journal = new Journal(db);
        this.accounts = new Accounts(db);
        this.settings = new Settings(db);
        this.transfers = new Transfers(db, chunks, clock);
        this.versions = new VersionStore(db, chunks, clock, options.retention());
        this.errors = new ItemErrors(db, clock, options.backoff());
        this.conflicts = new Conflicts(db, clock);
        this.activity = new ActivityLog(db, clock, options.activityCapacity());
    }

    public static LocalStore open(Path dataDir, String accountKey, Clock clock) {
        return open(dataDir, accountKey, clock, StoreOptions.DEFAULT);
    }

    /** The folder of an account's store (what {@link #directory()} of the opened store is), without opening it. */
    public static Path directoryOf(Path dataDir, String accountKey) {
        if (accountKey == null || !ACCOUNT_KEY.matcher(accountKey).matches()) {
            throw new IllegalArgumentException("an account key is 1-64 of [A-Za-z0-9._-], starting with a letter or digit");
        }
        return dataDir.resolve("accounts").resolve(accountKey);
    }

    public static LocalStore open(Path dataDir, String accountKey, Clock clock, StoreOptions options) {
        Path dir = directoryOf(dataDir, accountKey);
        FileChannel channel = null;
        FileLock lock = null;
        Database db = null;
        try {
            org.oxisync.store.io.OwnerOnly.createDirectories(dir);
            channel = org.oxisync.store.io.OwnerOnly.open(dir.resolve("store.lock"), StandardOpenOption.CREATE,
                    StandardOpenOption.WRITE);
            try {
                lock = channel.tryLock();
            } catch (OverlappingFileLockException e) {
                lock = null;
            }
            if (lock == null) {
                throw new StoreException("the local store of account " + accountKey + " is in use by another OxiSync process");
            }
            db = Database.open(dir.resolve("journal.db"), clock);
            ChunkStore store = ChunkStore.open(dir.resolve("chunks"), clock, options.fileWrites());
            return new LocalStore(dir, channel, lock, db, store, clock, options);
        } catch (IOException | RuntimeException e) {
            if (db != null) {
                db.close();
            }
            closeQuietly(lock, channel);
            if (e instanceof RuntimeException re) {
                throw re;
            }
            throw new StoreException("cannot open the local store in " + dir, e);
        }
    }

    public Path directory() {
        return directory;
    }

    /**
     * A random key of this store, made once (0600, {@code own-names.key}): it marks the names of the files the
     * client makes in a sync root, so that only those are ever removed as its own leftovers. Read at first use.
     */
    public byte[] ownNamesKey() {
        synchronized (lockChannel) {
            if (ownNamesKey == null) {
                ownNamesKey = loadOrMakeKey(directory.resolve("own-names.key"));
            }
            return ownNamesKey.clone();
        }
    }

    private static byte[] loadOrMakeKey(Path file) {
        try {
            if (Files.isRegularFile(file) && Files.size(file) == 32) {
                return Files.readAllBytes(file);
            }
            byte[] key = new byte[32];
            new java.security.SecureRandom().nextBytes(key);
            org.oxisync.store.io.DurableFiles.replace(file, out -> out.write(key));
            return key;
        } catch (IOException e) {
            throw new StoreException("cannot read or make " + file, e);
        }
    }

    public StoreOptions options() {
        return options;
    }

    /** How this process opens content files for writing (the store's and the downloads'; see {@link FileWrites}). */
    public FileWrites fileWrites() {
        return options.fileWrites();
    }

    /** True when the database was corrupt at open and was replaced by an empty one (see {@link #corruption()}). */
    public boolean needsRebuild() {
        return db.needsRebuild();
    }

    public Optional<Database.CorruptionNotice> corruption() {
        return db.corruption();
    }

    public Journal journal() {
        return journal;
    }

    public ChunkIndex chunks() {
        return chunks;
    }

    public ChunkStore chunkStore() {
        return chunkStore;
    }

    public VersionStore versions() {
        return versions;
    }

    public Transfers transfers() {
        return transfers;
    }

    public ItemErrors errors() {
        return errors;
    }

    public Conflicts conflicts() {
        return conflicts;
    }

    public ActivityLog activity() {
        return activity;
    }

    public Settings settings() {
        return settings;
    }

    public Accounts accounts() {
        return accounts;
    }

    /** The underlying database, for diagnostics ({@code quickCheck()}, {@code schemaVersion()}). */
    public Database database() {
        return db;
    }

    /** Runs {@code work} as one atomic batch: every store call inside commits together or not at all. */
    public <T> T inTransaction(Supplier<T> work) {
        return db.write(s -> work.get());
    }

    public void inTransaction(Runnable work) {
        db.write(s -> {
            work.run();
            return null;
        });
    }

    /** Applies version retention, then collects garbage (chunks older than the grace period that nothing needs). */
    public MaintenanceReport maintain() {
        var retention = versions.applyRetention();
        var gc = chunks.collectGarbage(options.gcGrace());
        return new MaintenanceReport(retention, gc);
    }

    @Override
    public void close() {
        db.close();
        closeQuietly(lock, lockChannel);
    }

    private static void closeQuietly(FileLock lock, FileChannel channel) {
        try {
            if (lock != null && lock.isValid()) {
                lock.release();
            }
            if (channel != null) {
                channel.close();
            }
        } catch (IOException ignored) {
            // releasing on close; nothing to recover
        }
    }
}
