package org.oxisync.ui.setup;

/** A folder on the server as the folder tree shows it; {@code path} is '/'-separated from the pair's root. */
public record RemoteFolder(String id, String name, String path) {
    @Override
    public String toString() {
        return name;
    }
}
