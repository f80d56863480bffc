package org.oxisync.core.scan;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;

/**
 * A sealed {@link QuietRecord} where it is kept (the seal file), compared with a quiet walk's record without being
 * held whole: at a million files the record is about 70 MB, and a no-change run held it beside the walk's own.
 */
public interface SealedRecord {
    /** The record's length in bytes. */
    int length();

    /**
     * Whether {@code compare}, given the record's bytes as a stream of {@link #length()} bytes, says true, and the
     * record it read is whole and the one sealed (false otherwise, never a guess).
     */
    boolean test(Comparison compare) throws IOException;

    /** Reads the record's bytes and tells whether they are the expected ones. */
    interface Comparison {
        boolean sameAs(InputStream record) throws IOException;
    }

    /** A record held in memory: {@code length} bytes of {@code bytes} from {@code offset}. */
    static SealedRecord of(byte[] bytes, int offset, int length) {
        return new SealedRecord() {
            @Override
            public int length() {
                return length;
            }

            @Override
            public boolean test(Comparison compare) throws IOException {
                return compare.sameAs(new ByteArrayInputStream(bytes, offset, length));
            }
        };
    }
}
