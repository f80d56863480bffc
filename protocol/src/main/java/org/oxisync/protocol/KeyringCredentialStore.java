package org.oxisync.protocol;

import com.github.javakeyring.Keyring;
import java.nio.charset.StandardCharsets;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Secrets in the OS keychain (Secret Service on Linux, Keychain on macOS, Credential Manager on Windows) through
 * java-keyring. Use {@link #open(String)}, which is empty where no keychain answers (e.g. a headless Linux without
 * a D-Bus session), and fall back to {@link FileCredentialStore}: see {@link #systemOrFile}.
 */
public final class KeyringCredentialStore implements CredentialStore {
    private static final Logger LOG = LoggerFactory.getLogger(KeyringCredentialStore.class);

    /** The keychain operations used; java-keyring's {@link Keyring} in production. */
    interface Backend {
        String get(String service, String account) throws Exception;

        void set(String service, String account, String secret) throws Exception;

        void delete(String service, String account) throws Exception;
    }

    private final Backend backend;
    private final String service;

    KeyringCredentialStore(Backend backend, String service) {
        this.backend = backend;
        this.service = service;
    }

    /** The OS keychain under {@code service}, if one works here (checked with a harmless lookup). */
    public static Optional<KeyringCredentialStore> open(String service) {
        try {
            Keyring keyring = Keyring.create();
            Backend b = new Backend() {
                @Override
                public String get(String s, String a) throws Exception {
                    return keyring.getPassword(s, a);
                }

                @Override
                public void set(String s, String a, String secret) throws Exception {
                    keyring.setPassword(s, a, secret);
                }

                @Override
                public void delete(String s, String a) throws Exception {
                    keyring.deletePassword(s, a);
                }
            };
            KeyringCredentialStore store = new KeyringCredentialStore(b, service);
            store.probe();
            return Optional.of(store);
        } catch (Exception | LinkageError e) {
            LOG.info("no usable OS keychain ({}); secrets go to an owner-only file", e.getClass().getSimpleName());
            return Optional.empty();
        }
    }

    /** The OS keychain when it works, else owner-only files in {@code fallbackDir}. */
    public static CredentialStore systemOrFile(String service, java.nio.file.Path fallbackDir) {
        return open(service).<CredentialStore>map(s -> s).orElseGet(() -> new FileCredentialStore(fallbackDir));
    }

    private void probe() throws Exception {
        String probeAccount = "oxisync-probe";
        backend.set(service, probeAccount, "probe");
        backend.delete(service, probeAccount);
    }

    @Override
    public Optional<Credentials> load(String account) {
        String secret;
        try {
            secret = backend.get(service, account);
        } catch (Exception e) {
            return Optional.empty(); // java-keyring reports a missing entry as an exception
        }
        return secret == null ? Optional.empty() : CredentialsCodec.decode(secret.getBytes(StandardCharsets.UTF_8));
    }

    @Override
    public void save(String account, Credentials credentials) {
        try {
            backend.set(service, account, new String(CredentialsCodec.encode(credentials), StandardCharsets.UTF_8));
        } catch (Exception e) {
            throw new OxiCloudException.CredentialStoreFailure(
                    "cannot save to the OS keychain (" + e.getClass().getSimpleName() + ")", null);
        }
    }

    @Override
    public void delete(String account) {
        try {
            backend.delete(service, account);
        } catch (Exception e) {
            LOG.debug("keychain delete failed ({}), treating as absent", e.getClass().getSimpleName());
        }
    }

    @Override
    public String toString() {
        return "KeyringCredentialStore[" + service + "]";
    }
}
