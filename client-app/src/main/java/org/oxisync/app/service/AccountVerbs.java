package org.oxisync.app.service;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import org.oxisync.app.control.StoreRequest;

/**
 * The store verbs of a process that syncs several accounts: each request names its account ({@code "account"} in
 * its JSON arguments, which the CLI always sends) and goes to that account's {@link StoreVerbs}. A request without
 * one goes to the only account; with several accounts it is refused rather than guessed.
 */
public final class AccountVerbs implements ControlSocket.Verbs {
    private final java.util.function.Supplier<Map<String, ControlSocket.Verbs>> now;

    /** @param byAccount each account's verbs by the account's name, the first one first */
    public AccountVerbs(Map<String, ? extends ControlSocket.Verbs> byAccount) {
        Map<String, ControlSocket.Verbs> fixed = new LinkedHashMap<>(byAccount);
        this.now = () -> fixed;
    }

    /** @param now the accounts' verbs as they are at each request (accounts come and go while a process runs) */
    public AccountVerbs(java.util.function.Supplier<Map<String, ControlSocket.Verbs>> now) {
        this.now = now;
    }

    @Override
    public Optional<String> answer(String verb, String args) {
        if (!StoreRequest.VERBS.contains(verb)) {
            return Optional.empty();
        }
        Map<String, ControlSocket.Verbs> byAccount = now.get();
        String account;
        try {
            JsonNode a = StoreRequest.JSON.readTree(args == null || args.isBlank() ? "{}" : args);
            account = a.hasNonNull("account") ? a.get("account").asText() : null;
        } catch (java.io.IOException e) {
            return Optional.of(ControlSocket.error(verb + ": the arguments are not JSON"));
        }
        if (account == null) {
            if (byAccount.size() != 1) {
                return Optional.of(ControlSocket.error(verb + ": this process syncs " + byAccount.size()
                        + " accounts and the request names none"));
            }
            return byAccount.values().iterator().next().answer(verb, args);
        }
        ControlSocket.Verbs verbs = byAccount.get(account);
        if (verbs == null) {
            return Optional.of(ControlSocket.error("no account named '" + account + "' is synced by this process"
                    + " (see `oxisync accounts`)"));
        }
        return verbs.answer(verb, args);
    }
}
