package org.oxisync.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The account list in config.properties: saved and read back, the one-account format, names, the choice. */
class AccountListTest {
    @TempDir Path tmp;

    private static NamedAccount account(String name, String server, String user) {
        return new NamedAccount(name, new AppConfig(server, user, null));
    }

    @Test
    void aSavedListReadsBackInOrderWithTheFirstAccountAlsoInTheOneAccountKeys() throws Exception {
        Path file = tmp.resolve("config.properties");
        AccountList.of(List.of(account("home", "https://a.example", "alice"),
                new NamedAccount("work", new AppConfig("https://b.example:8443", "bob", "ab12")))).save(file);
        AccountList read = AccountList.load(file);
        assertFalse(read.migrated());
        assertEquals(List.of("home", "work"), read.names());
        assertEquals("ab12", read.byName("work").orElseThrow().config().pinnedSha256());
        assertEquals(new AppConfig("https://a.example", "alice", null), AppConfig.load(file),
                "an older version reads the first account");
    }

    @Test
    void theOneAccountFormatReadsAsOneAccountNamedUserAtHost() throws Exception {
        Path file = tmp.resolve("config.properties");
        new AppConfig("https://cloud.example.org:8443", "alice", "ff").save(file);
        AccountList read = AccountList.load(file);
        assertTrue(read.migrated());
        assertEquals(List.of("alice@cloud.example.org"), read.names());
        assertEquals(AppConfig.accountKey("https://cloud.example.org:8443", "alice"), read.all().get(0).key(),
                "the same key: the same store and credentials");
        assertEquals("ff", read.all().get(0).config().pinnedSha256());
        assertTrue(AccountList.load(tmp.resolve("absent")).isEmpty());
    }

    @Test
    void withReplacesTheAccountOfTheSameServerAndUserAndRefusesATakenName() {
        AccountList list = AccountList.of(List.of(account("a", "https://x.example", "alice")))
                .with(account("b", "https://x.example", "bob"));
        AccountList renamed = list.with(account("alice-home", "https://x.example", "alice"));
        assertEquals(List.of("alice-home", "b"), renamed.names(), "same key: replaced in place");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> list.with(account("b", "https://y.example", "carol")));
        assertTrue(e.getMessage().contains("an account named 'b' already exists"), e.getMessage());
        assertEquals(List.of("b"), list.without("a").names());
    }

    @Test
    void aDefaultNameThatIsTakenGetsThePortThenANumber() {
        AccountList list = AccountList.of(List.of(account("alice@x.example", "https://x.example", "alice")));
        assertEquals("alice@x.example:8443", list.freeDefaultName("https://x.example:8443", "alice"));
        assertEquals("alice@x.example-2", list.freeDefaultName("http://x.example", "alice"));
        assertEquals("bob@x.example", list.freeDefaultName("https://x.example", "bob"));
    }

    @Test
    void unusableNamesAreRefused() {
        for (String bad : new String[] {"", " x", "a b", "-lead", "x/y", "a".repeat(65)}) {
            assertFalse(NamedAccount.validName(bad), bad);
        }
        assertTrue(NamedAccount.validName("alice@cloud.example.org:8443"));
        assertThrows(IllegalArgumentException.class, () -> account("a b", "https://x.example", "alice"));
    }

    @Test
    void theChoiceIsTheNamedAccountTheOnlyOneOrUnclear() {
        AccountList one = AccountList.of(List.of(account("a", "https://x.example", "alice")));
        AccountList two = one.with(account("b", "https://x.example", "bob"));
        assertTrue(AccountChoice.choose(AccountList.EMPTY, null).isEmpty());
        assertEquals("a", AccountChoice.choose(one, null).orElseThrow().name());
        assertEquals("b", AccountChoice.choose(two, "b").orElseThrow().name());
        AccountChoice.Unclear e = assertThrows(AccountChoice.Unclear.class, () -> AccountChoice.choose(two, null));
        assertTrue(e.getMessage().contains("a (alice at https://x.example), b (bob at https://x.example)"),
                e.getMessage());
        assertThrows(AccountChoice.Unclear.class, () -> AccountChoice.choose(one, "c"));
    }

    @Test
    void aFileWithNoAccountIsEmpty() throws Exception {
        Path file = tmp.resolve("config.properties");
        Files.writeString(file, "# nothing\n");
        assertTrue(AccountList.load(file).isEmpty());
    }
}
