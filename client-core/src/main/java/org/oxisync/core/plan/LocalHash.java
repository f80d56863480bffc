package org.oxisync.core.plan;

import java.util.Objects;
import java.util.Optional;

/**
 * Whether the scanner hashed a local file. It hashes only what changed against the journal (size, mtime or
 * file key differ, or the path is new), so an unchanged file comes with {@link NotComputed}.
 */
public sealed interface LocalHash {

    /**
     * The content's BLAKE3, lowercase hex; held in {@link Compact} form (48 bytes instead of a 104-byte string: every
     * file a join hashes keeps one until the run ends, bench/README.md "A million files").
     */
    final class Known implements LocalHash {
        private final Object hex;

        public Known(String hex) {
            this.hex = Compact.of(Objects.requireNonNull(hex, "hex"));
        }

        /** A hash given in its {@link Compact} form (a record that holds the hash flat makes it again). */
        static Known ofForm(Object form) {
            return new Known(Objects.requireNonNull(form, "form"), true);
        }

        private Known(Object form, boolean compact) {
            this.hex = form;
        }

        /** The hash in {@link Compact} form. */
        Object form() {
            return hex;
        }

        public String hex() {
            return Compact.text(hex);
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Known k && Compact.equal(hex, k.hex);
        }

        @Override
        public int hashCode() {
            return Compact.hash(hex);
        }

        @Override
        public String toString() {
            return "Known[hex=" + hex() + "]";
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
