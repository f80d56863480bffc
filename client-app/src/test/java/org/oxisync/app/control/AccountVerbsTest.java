package org.oxisync.app.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.oxisync.app.service.ControlSocket;
import org.oxisync.app.service.AccountVerbs;

/** The daemon's store verbs go to the account the request names, and never to another one. */
class AccountVerbsTest {
    private static ControlSocket.Verbs answering(String who) {
        return (verb, args) -> Optional.of(who + ":" + verb);
    }

    private static AccountVerbs of(String... names) {
        Map<String, ControlSocket.Verbs> m = new LinkedHashMap<>();
        for (String n : names) {
            m.put(n, answering(n));
        }
        return new AccountVerbs(m);
    }

    @Test
    void aRequestGoesToTheAccountItNames() {
        AccountVerbs v = of("alice", "bob");
        assertEquals(Optional.of("bob:pair-add"), v.answer("pair-add", "{\"account\":\"bob\",\"local\":\"/x\"}"));
        assertEquals(Optional.of("alice:pair-set"), v.answer("pair-set", "{\"account\":\"alice\",\"name\":\"A\"}"));
    }

    @Test
    void aRequestNamingNoAccountOrAnUnknownOneIsRefusedWithSeveralAccounts() {
        AccountVerbs v = of("alice", "bob");
        String none = v.answer("pair-remove", "{\"name\":\"A\"}").orElseThrow();
        assertTrue(none.contains("\"ok\":false") && none.contains("names none"), none);
        String unknown = v.answer("pair-remove", "{\"account\":\"carol\",\"name\":\"A\"}").orElseThrow();
        assertTrue(unknown.contains("\"ok\":false") && unknown.contains("no account named 'carol'"), unknown);
    }

    @Test
    void withOneAccountARequestWithoutAccountGoesToItAndOtherVerbsAreNotTheirs() {
        AccountVerbs v = of("alice");
        assertEquals(Optional.of("alice:pair-remove"), v.answer("pair-remove", "{\"name\":\"A\"}"));
        assertEquals(Optional.empty(), v.answer("status", ""));
    }
}
