package org.oxisync.core.transfer;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.time.Instant;

/**
 * Size, mtime (millisecond precision, as the scanner keeps it) and file key of a local file, compared before and
 * after reading it to notice a change while it was being uploaded.
 */
record LocalFileState(long size, Instant mtime, String fileKey) {

    static LocalFileState of(Path file) throws TransferException {
        try {
            BasicFileAttributes a = Files.readAttributes(file, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
            if (!a.isRegularFile()) {
                throw new TransferException.FileChangedWhileReading(file.getFileName() + " is no longer a regular file", null);
            }
            Object key = a.fileKey();
            return new LocalFileState(a.size(), Instant.ofEpochMilli(a.lastModifiedTime().toMillis()),
                    key == null ? null : key.toString());
        } catch (NoSuchFileException e) {
            throw new TransferException.FileChangedWhileReading(file.getFileName() + " disappeared", e);
        } catch (IOException e) {
            throw new TransferException.LocalIoFailure("cannot read the attributes of " + file.getFileName() + ": " + e, e);
        }
    }

    /** Throws unless the file still has this size and mtime, and is still the same file (its key). */
    void requireUnchanged(Path file) throws TransferException {
        LocalFileState now = of(file);
        if (fileKey != null && now.fileKey != null && !fileKey.equals(now.fileKey)) {
            throw new TransferException.SwappedWhileReading(file.getFileName() + " was replaced by another file while"
                    + " it was uploaded");
        }
        if (now.size != size || !now.mtime.equals(mtime)) {
            throw new TransferException.FileChangedWhileReading(file.getFileName() + " changed while it was uploaded ("
                    + size + " B @ " + mtime + " -> " + now.size + " B @ " + now.mtime + ")", null);
        }
    }
}
