package org.oxisync.core.plan;

import java.util.List;

/** The remote tree under the pair's remote folder (the folder itself excluded). */
public record RemoteSnapshot(List<RemoteEntry> entries) {
    public RemoteSnapshot {
        entries = List.copyOf(entries);
    }

    public static RemoteSnapshot of(RemoteEntry... entries) {
        return new RemoteSnapshot(List.of(entries));
    }
}
