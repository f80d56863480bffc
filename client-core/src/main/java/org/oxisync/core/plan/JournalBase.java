package org.oxisync.core.plan;

import java.util.List;

/** The journal of the pair: what both sides agreed on after the last run. */
public record JournalBase(List<JournalEntry> entries) {
    public JournalBase {
        entries = List.copyOf(entries);
    }

    public static JournalBase of(JournalEntry... entries) {
        return new JournalBase(List.of(entries));
    }
}
