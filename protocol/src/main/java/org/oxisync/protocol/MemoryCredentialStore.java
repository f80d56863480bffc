package org.oxisync.protocol;

import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/** Keeps secrets in memory only (a session that is not remembered, and tests). */
public final class MemoryCredentialStore implements CredentialStore {
    private final Map<String, Credentials> entries = new ConcurrentHashMap<>();

    @Override
    public Optional<Credentials> load(String account) {
        return Optional.ofNullable(entries.get(account));
    }

    @Override
    public void save(String account, Credentials credentials) {
        entries.put(account, credentials);
    }

    @Override
    public void delete(String account) {
        entries.remove(account);
    }

    @Override
    public String toString() {
        return "MemoryCredentialStore[" + entries.size() + " account(s)]";
    }
}
