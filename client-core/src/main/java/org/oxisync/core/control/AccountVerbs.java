package org.oxisync.core.control;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import org.oxisync.core.service.ControlSocket;

/**
 * The store verbs of a process that syncs several accounts: each request names its account ({@code "account"} in
 * its JSON arguments, which the CLI always sends) and goes to that account's {@link StoreVerbs}. A request without
 * one goes to the only account; with several accounts it is refused rather than guessed.
 */
public final class AccountVerbs implements ControlSocket.Verbs {
    private final Map<String, ControlSocket.Verbs> byAccount;

    /** @param byAccount each account's verbs by the account's name, the first one first */
    public AccountVerbs(Map<String, ? extends ControlSocket.Verbs> byAccount) {
        this.byAccount = new LinkedHashMap<>(byAccount);
    }

    @Override
    public Optional<String> answer(String verb, String args) {
        if (!StoreRequest.VERBS.contains(verb)) {
            return Optional.empty();
        }
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
                    + " (added after it started? restart it)"));
        }
        return verbs.answer(verb, args);
    }
}
