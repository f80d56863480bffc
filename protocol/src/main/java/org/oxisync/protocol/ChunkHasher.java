package org.oxisync.protocol;

/** Computes the lowercase-hex BLAKE3 of a byte range; the default uses commons-codec. */
@FunctionalInterface
public interface ChunkHasher {
    String hash(byte[] data, int offset, int length);
}
