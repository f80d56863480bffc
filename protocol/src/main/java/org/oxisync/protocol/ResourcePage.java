package org.oxisync.protocol;

import java.util.List;
import java.util.Optional;

/**
 * One checked page of a folder listing; {@code nextCursor} is empty on the last page. Rows with an unsafe name (see
 * {@link Names#unsafeReason}) are not in {@code items} but in {@code skipped}, so one bad row never hides the rest.
 */
public record ResourcePage(List<Resource> items, Optional<String> nextCursor, List<SkippedResource> skipped) {
    public ResourcePage {
        items = List.copyOf(items);
        skipped = List.copyOf(skipped);
    }

    public ResourcePage(List<Resource> items, Optional<String> nextCursor) {
        this(items, nextCursor, List.of());
    }
}
