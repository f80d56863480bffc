package org.oxisync.core.engine;

import java.io.BufferedOutputStream;
import java.io.ByteArrayInputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Optional;
import java.util.TreeMap;
import java.util.zip.CRC32;
import java.util.zip.CheckedOutputStream;
import org.oxisync.core.scan.QuietRecord;
import org.oxisync.store.account.FolderPair;
import org.oxisync.store.io.DurableFiles;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What a full run found when local tree, server and journal all agreed: every local entry the scan presented (path,
 * kind, size, mtime, file key, in walk order) and the root folder's tree ETag. While this file exists, nothing has
 * changed since on this machine's side of the pair except what the disk itself shows, so a later full run may
 * compare the disk and the root's ETag with it, and stop there when both are the same (see
 * {@link SyncEngine}'s quiet check): a no-change run then reads neither the journal nor the listing cache.
 *
 * <p>Safety rests on two rules kept by the engine: the seal is written only by a run whose plan came from three
 * sides in full agreement (no action, no error, nothing skipped, nothing hashed, no scan problem), from that run's
 * own observations; and every run that goes past the quiet check deletes it first, durably (unlinked and the folder
 * fsynced), before it changes anything. A missing, damaged or foreign seal (other pair settings, another format)
 * only means a full run.
 */
public final class QuietSeal {
    private static final Logger LOG = LoggerFactory.getLogger(QuietSeal.class);
    private static final int MAGIC = 0x4f585153; // "OXQS"
    private static final int FORMAT = 1;

    /** The sealed state: the root's tree ETag and the {@link QuietRecord} of the entries ({@code length} bytes). */
    record Sealed(String rootEtag, byte[] bytes, int offset, int length) {}

    private final Path file;

    QuietSeal(Path file) {
        this.file = file;
    }

    /** The seal of one folder pair, beside its remote listing cache in the account's store directory. */
    public static QuietSeal forPair(Path storeDirectory, long pairId) {
        return new QuietSeal(storeDirectory.resolve("quiet-seal-" + pairId + ".bin"));
    }

    Path path() {
        return file;
    }

    /**
     * Everything about the pair that changes what a run would do with the same disk and server: a seal made under
     * other settings (ignore patterns, exclusions, folders) is never used.
     */
    static String fingerprint(FolderPair pair) {
        StringBuilder sb = new StringBuilder();
        sb.append(FORMAT).append('\u0000').append(pair.id()).append('\u0000').append(pair.localRoot())
                .append('\u0000').append(pair.remoteFolderId()).append('\u0000').append(pair.remotePath());
        for (String p : pair.ignorePatterns()) {
            sb.append("\u0000i").append(p);
        }
        for (String x : pair.exclusions()) {
            sb.append("\u0000x").append(x);
        }
        new TreeMap<>(pair.settings()).forEach((k, v) -> sb.append("\u0000s").append(k).append('=').append(v));
        return sb.toString();
    }

    /**
     * Writes the seal atomically (temp file, fsync, rename): header (magic, format, fingerprint, root ETag), the
     * record's length and bytes, then a CRC-32 of everything before it.
     */
    void write(String fingerprint, String rootEtag, byte[] record) throws IOException {
        DurableFiles.replace(file, raw -> {
            CheckedOutputStream checked = new CheckedOutputStream(new BufferedOutputStream(raw, 1 << 16), new CRC32());
            DataOutputStream out = new DataOutputStream(checked);
            out.writeInt(MAGIC);
            out.writeInt(FORMAT);
            out.writeUTF(fingerprint);
            out.writeUTF(rootEtag);
            out.writeInt(record.length);
            out.write(record);
            out.flush();
            out.writeLong(checked.getChecksum().getValue());
            out.flush();
        });
    }

    /** The seal when it exists, is whole and was made under {@code fingerprint}; empty otherwise. */
    Optional<Sealed> read(String fingerprint) {
        byte[] all;
        try {
            all = Files.readAllBytes(file);
        } catch (NoSuchFileException e) {
            return Optional.empty();
        } catch (IOException e) {
            LOG.info("quiet seal {} unreadable ({}); running a full sync", file, e.toString());
            return Optional.empty();
        }
        try {
            DataInputStream in = new DataInputStream(new ByteArrayInputStream(all));
            if (all.length < 8 + 8 || in.readInt() != MAGIC || in.readInt() != FORMAT
                    || !fingerprint.equals(in.readUTF())) {
                return Optional.empty();
            }
            String rootEtag = in.readUTF();
            int length = in.readInt();
            int offset = all.length - in.available();
            if (length < 0 || (long) offset + length + 8 != all.length) {
                throw new IOException("bad record length " + length);
            }
            CRC32 crc = new CRC32();
            crc.update(all, 0, offset + length);
            if (ByteBuffer.wrap(all, offset + length, 8).getLong() != crc.getValue()) {
                throw new IOException("checksum mismatch");
            }
            return Optional.of(new Sealed(rootEtag, all, offset, length));
        } catch (IOException | RuntimeException e) {
            LOG.info("quiet seal {} damaged ({}); running a full sync", file, e.toString());
            return Optional.empty();
        }
    }

    /**
     * Removes the seal durably: unlinked, then the folder fsynced, so that no crash can bring back a seal that a
     * changing run had already removed. Nothing to do (no fsync) when there is no seal.
     */
    public void delete() throws IOException {
        if (!Files.deleteIfExists(file)) {
            return;
        }
        try (FileChannel dir = FileChannel.open(file.toAbsolutePath().getParent(), StandardOpenOption.READ)) {
            dir.force(true);
        } catch (IOException e) {
            // some systems cannot open or fsync a folder; the unlink itself has happened
            LOG.debug("could not fsync {} after removing the quiet seal: {}", file.getParent(), e.toString());
        }
    }
}
