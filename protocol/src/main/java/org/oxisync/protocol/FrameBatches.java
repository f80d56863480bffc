package org.oxisync.protocol;

import java.util.ArrayList;
import java.util.List;

/** Splits chunks into PUT bodies of at most {@code maxBodyBytes}, counting the 4-byte frame prefixes, in order. */
public final class FrameBatches {
    private FrameBatches() {
    }

    public static List<List<ChunkSlice>> split(List<ChunkSlice> chunks, long maxBodyBytes) {
        if (maxBodyBytes < Limits.MAX_FRAME_BYTES + 4L) {
            throw new IllegalArgumentException("a batch must hold at least one maximal frame");
        }
        List<List<ChunkSlice>> batches = new ArrayList<>();
        List<ChunkSlice> current = new ArrayList<>();
        long size = 0;
        for (ChunkSlice c : chunks) {
            if (!current.isEmpty() && size + c.frameBytes() > maxBodyBytes) {
                batches.add(List.copyOf(current));
                current.clear();
                size = 0;
            }
            current.add(c);
            size += c.frameBytes();
        }
        if (!current.isEmpty()) {
            batches.add(List.copyOf(current));
        }
        return batches;
    }
}
