package org.oxisync.protocol;

import java.util.Optional;

/**
 * Where an account's secrets live. The client saves a rotated token pair here <em>before</em> it uses it, and
 * deletes the entry when the session is known to be lost. Implementations must not log secrets.
 */
public interface CredentialStore {

    Optional<Credentials> load(String account);

    /** Saves atomically: after a crash the store holds either the old or the new value, never a mix. */
    void save(String account, Credentials credentials);

    void delete(String account);
}
