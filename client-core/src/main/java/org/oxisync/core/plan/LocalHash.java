package org.oxisync.core.plan;

import java.util.Objects;
import java.util.Optional;

/**
 * Whether the scanner hashed a local file. It hashes only what changed against the journal (size, mtime or
 * file key differ, or the path is new), so an unchanged file comes with {@link NotComputed}.
 */
public sealed interface LocalHash {

    /** The content's BLAKE3, lowercase hex. */
    record Known(String hex) implements LocalHash {
        public Known {
            Objects.requireNonNull(hex, "hex");
        }
    }

    /** Not hashed because size, mtime and file key match the journal. */
    record NotComputed() implements LocalHash {}

    LocalHash NOT_COMPUTED = new NotComputed();

    static LocalHash known(String hex) {
        return new Known(hex);
    }

    /** The hash when known. */
    default Optional<String> value() {
        return this instanceof Known k ? Optional.of(k.hex()) : Optional.empty();
    }
}
