package org.oxisync.app;

import java.io.IOException;
import java.io.Reader;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Properties;

/**
 * The accounts of one OxiSync home, in the order they were added, as kept in {@code config.properties}:
 * {@code account.N.name}, {@code account.N.server}, {@code account.N.user} and {@code account.N.pinned-sha256}
 * (N = 1, 2, ...). No secrets. The first account is also written as the top-level {@code server}, {@code user}
 * and {@code pinned-sha256} keys, the one-account format of earlier versions: a home opened by an older OxiSync
 * still finds that account (and only that one). A file with only those top-level keys (a home made before accounts
 * had names) reads as one account named {@code user@host}; {@link #migrated()} then says so and the next save
 * writes the new keys. See docs/accounts.md.
 */
public final class AccountList {
    private final List<NamedAccount> accounts;
    private final boolean migrated;

    private AccountList(List<NamedAccount> accounts, boolean migrated) {
        this.accounts = List.copyOf(accounts);
        this.migrated = migrated;
    }

    public static final AccountList EMPTY = new AccountList(List.of(), false);

    public static AccountList of(List<NamedAccount> accounts) {
        return new AccountList(accounts, false);
    }

    public List<NamedAccount> all() {
        return accounts;
    }

    public boolean isEmpty() {
        return accounts.isEmpty();
    }

    /** True when this list was read from the one-account format (and is not yet saved in the new one). */
    public boolean migrated() {
        return migrated;
    }

    public Optional<NamedAccount> byName(String name) {
        return accounts.stream().filter(a -> a.name().equals(name)).findFirst();
    }

    /** The account that logs in to {@code server} as {@code user} (the same {@link NamedAccount#key()}). */
    public Optional<NamedAccount> byKey(String key) {
        return accounts.stream().filter(a -> a.key().equals(key)).findFirst();
    }

    public List<String> names() {
        return accounts.stream().map(NamedAccount::name).toList();
    }

    /**
     * This list with {@code account} in it: in place of the one with the same key (its name kept unless
     * {@code account} renames it), else added at the end.
     *
     * @throws IllegalArgumentException when another account already has that name
     */
    public AccountList with(NamedAccount account) {
        Optional<NamedAccount> clash = byName(account.name()).filter(a -> !a.key().equals(account.key()));
        if (clash.isPresent()) {
            throw new IllegalArgumentException("an account named '" + account.name() + "' already exists ("
                    + clash.get().user() + " at " + clash.get().server() + "); choose another with --account NAME");
        }
        List<NamedAccount> next = new ArrayList<>(accounts);
        for (int i = 0; i < next.size(); i++) {
            if (next.get(i).key().equals(account.key())) {
                next.set(i, account);
                return new AccountList(next, migrated);
            }
        }
        next.add(account);
        return new AccountList(next, migrated);
    }

    public AccountList without(String name) {
        return new AccountList(accounts.stream().filter(a -> !a.name().equals(name)).toList(), migrated);
    }

    /** A name for a new account of {@code user} at {@code server} that no other account has. */
    public String freeDefaultName(String server, String user) {
        String base = NamedAccount.defaultName(server, user);
        int port = java.net.URI.create(server).getPort();
        List<String> candidates = new ArrayList<>(List.of(base));
        if (port > 0) {
            candidates.add(base + ":" + port);
        }
        for (String c : candidates) {
            if (NamedAccount.validName(c) && byName(c).isEmpty()) {
                return c;
            }
        }
        for (int i = 2; ; i++) {
            String c = base + "-" + i;
            if (byName(c).isEmpty()) {
                return c;
            }
        }
    }

    public static AccountList load(Path file) throws IOException {
        if (!Files.isRegularFile(file)) {
            return EMPTY;
        }
        Properties p = new Properties();
        try (Reader r = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            p.load(r);
        }
        List<NamedAccount> out = new ArrayList<>();
        for (int i = 1; p.getProperty("account." + i + ".name") != null; i++) {
            String k = "account." + i + ".";
            out.add(new NamedAccount(p.getProperty(k + "name"), new AppConfig(p.getProperty(k + "server"),
                    p.getProperty(k + "user"), p.getProperty(k + "pinned-sha256"))));
        }
        if (!out.isEmpty()) {
            return new AccountList(out, false);
        }
        AppConfig legacy = new AppConfig(p.getProperty("server"), p.getProperty("user"),
                p.getProperty("pinned-sha256"));
        if (!legacy.hasAccount()) {
            return EMPTY;
        }
        return new AccountList(List.of(new NamedAccount(NamedAccount.defaultName(legacy.server(), legacy.user()),
                legacy)), true);
    }

    /** Writes the list atomically (a crash leaves the old file or the new one, never half of one). */
    public AccountList save(Path file) throws IOException {
        Properties p = new Properties();
        if (!accounts.isEmpty()) {
            put(p, "", accounts.get(0).config()); // the one-account format, for an older OxiSync
        }
        for (int i = 0; i < accounts.size(); i++) {
            NamedAccount a = accounts.get(i);
            String k = "account." + (i + 1) + ".";
            p.setProperty(k + "name", a.name());
            put(p, k, a.config());
        }
        Files.createDirectories(file.toAbsolutePath().getParent());
        org.oxisync.store.io.DurableFiles.replace(file, out -> {
            Writer w = new java.io.OutputStreamWriter(out, StandardCharsets.UTF_8);
            p.store(w, "OxiSync accounts (no secrets here; see docs/accounts.md)");
            w.flush();
        });
        return new AccountList(accounts, false);
    }

    private static void put(Properties p, String prefix, AppConfig c) {
        if (ServerAddress.holdsCredentials(c.server())) {
            throw new IllegalArgumentException("a server address with a user name or password in it is never saved");
        }
        p.setProperty(prefix + "server", c.server());
        p.setProperty(prefix + "user", c.user());
        if (c.pinnedSha256() != null) {
            p.setProperty(prefix + "pinned-sha256", c.pinnedSha256());
        }
    }
}
