package org.oxisync.protocol;

import java.util.List;
import java.util.Optional;

/** One checked page of a folder listing; {@code nextCursor} is empty on the last page. */
public record ResourcePage(List<Resource> items, Optional<String> nextCursor) {
    public ResourcePage {
        items = List.copyOf(items);
    }
}
