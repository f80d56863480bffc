package org.oxisync.protocol;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileAttribute;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Optional;
import java.util.Set;

/**
 * Secrets in files only the owner can read, for systems without an OS keychain: one file per account in a folder
 * of mode 0700, each file 0600 from the moment it exists (created with those permissions, never chmod-ed later),
 * written to a temporary name, forced to disk and renamed over the old one, so a crash leaves the old or the new
 * value. On file systems without POSIX permissions (Windows) the user profile's ACLs are relied upon.
 */
public final class FileCredentialStore implements CredentialStore {
    private static final Set<PosixFilePermission> FILE_MODE = PosixFilePermissions.fromString("rw-------");
    private static final Set<PosixFilePermission> DIR_MODE = PosixFilePermissions.fromString("rwx------");
    private final Path dir;
    private final boolean posix;

    public FileCredentialStore(Path dir) {
        this.dir = dir;
        this.posix = FileSystems.getDefault().supportedFileAttributeViews().contains("posix");
    }

    private Path fileFor(String account) {
        try {
            byte[] d = MessageDigest.getInstance("SHA-256").digest(account.getBytes(StandardCharsets.UTF_8));
            return dir.resolve("account-" + HexFormat.of().formatHex(d, 0, 16) + ".secret");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    @Override
    public Optional<Credentials> load(String account) {
        Path f = fileFor(account);
        try {
            if (!Files.exists(f)) {
                return Optional.empty();
            }
            if (posix && !Files.getPosixFilePermissions(f).equals(FILE_MODE)) {
                throw new OxiCloudException.CredentialStoreFailure(
                        "refusing to read " + f.getFileName() + ": it is readable by others than its owner", null);
            }
            return CredentialsCodec.decode(Files.readAllBytes(f));
        } catch (IOException e) {
            throw new OxiCloudException.CredentialStoreFailure("cannot read the credential file", e);
        }
    }

    @Override
    public void save(String account, Credentials credentials) {
        Path target = fileFor(account);
        Path tmp = null;
        try {
            createDir();
            tmp = posix ? Files.createTempFile(dir, ".cred-", ".tmp", PosixFilePermissions.asFileAttribute(FILE_MODE))
                    : Files.createTempFile(dir, ".cred-", ".tmp");
            try (FileChannel ch = FileChannel.open(tmp, StandardOpenOption.WRITE, StandardOpenOption.TRUNCATE_EXISTING)) {
                ch.write(java.nio.ByteBuffer.wrap(CredentialsCodec.encode(credentials)));
                ch.force(true);
            }
            Files.move(tmp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            tmp = null;
        } catch (IOException e) {
            throw new OxiCloudException.CredentialStoreFailure("cannot write the credential file", e);
        } finally {
            if (tmp != null) {
                try {
                    Files.deleteIfExists(tmp);
                } catch (IOException ignored) {
                    // best effort; the temp file holds the same owner-only permissions
                }
            }
        }
    }

    private void createDir() throws IOException {
        if (Files.isDirectory(dir)) {
            return;
        }
        if (posix) {
            FileAttribute<Set<PosixFilePermission>> attr = PosixFilePermissions.asFileAttribute(DIR_MODE);
            Files.createDirectories(dir, attr);
        } else {
            Files.createDirectories(dir);
        }
    }

    @Override
    public void delete(String account) {
        try {
            Files.deleteIfExists(fileFor(account));
        } catch (IOException e) {
            throw new OxiCloudException.CredentialStoreFailure("cannot delete the credential file", e);
        }
    }

    @Override
    public String toString() {
        return "FileCredentialStore[" + dir + "]";
    }
}
