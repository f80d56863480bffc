package org.oxisync.protocol;

/** One chunk of a local file to upload as a delta frame: its BLAKE3 and its byte range in the file. */
public record ChunkSlice(String hash, long offset, int length) {
    public ChunkSlice {
        if (offset < 0 || length < 1 || length > Limits.MAX_FRAME_BYTES) {
            throw new IllegalArgumentException("chunk must be 1..1 MiB at a non-negative offset: " + offset + "+" + length);
        }
    }

    /** Bytes this chunk takes on the wire: the 4-byte length prefix plus the data. */
    public long frameBytes() {
        return 4L + length;
    }

    public ChunkRefDto ref() {
        return new ChunkRefDto(hash, length);
    }
}
