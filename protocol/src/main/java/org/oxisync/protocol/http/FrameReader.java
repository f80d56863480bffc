package org.oxisync.protocol.http;

import java.io.EOFException;
import java.io.IOException;
import java.util.List;
import okio.BufferedSource;
import org.oxisync.protocol.ChunkHasher;
import org.oxisync.protocol.ChunkRefDto;
import org.oxisync.protocol.ChunkSink;
import org.oxisync.protocol.Limits;
import org.oxisync.protocol.OxiCloudException;

/**
 * Reads a {@code POST /api/files/delta/download} reply: frames {@code [u32 BE length][bytes]} in request order.
 * Each frame must have the expected size (≤ 1 MiB) and BLAKE3 before the sink sees it; a short body, a wrong
 * size, a wrong hash or trailing bytes end the read with a typed error. A frame that failed is never passed on.
 */
final class FrameReader {
    private final ChunkHasher hasher;

    FrameReader(ChunkHasher hasher) {
        this.hasher = hasher;
    }

    void read(BufferedSource source, List<ChunkRefDto> expected, ChunkSink sink) throws IOException {
        byte[] frame = new byte[0];
        int index = 0;
        for (ChunkRefDto want : expected) {
            long length;
            try {
                length = source.readInt() & 0xffffffffL;
            } catch (EOFException e) {
                throw new OxiCloudException.ProtocolViolation(
                        "delta download truncated: " + index + " of " + expected.size() + " frames received");
            }
            if (length < 1 || length > Limits.MAX_FRAME_BYTES) {
                throw new OxiCloudException.ProtocolViolation("delta frame " + index + " has invalid length " + length);
            }
            if (length != want.s()) {
                throw new OxiCloudException.ProtocolViolation(
                        "delta frame " + index + " is " + length + " bytes, expected " + want.s());
            }
            if (frame.length < length) {
                frame = new byte[(int) Math.max(length, Math.min(Limits.MAX_FRAME_BYTES, frame.length * 2L))];
            }
            int got = 0;
            while (got < length) {
                int n = source.read(frame, got, (int) length - got);
                if (n < 0) {
                    throw new OxiCloudException.ProtocolViolation("delta download truncated inside frame " + index);
                }
                got += n;
            }
            String actual = hasher.hash(frame, 0, (int) length);
            if (!actual.equals(want.h())) {
                throw new OxiCloudException.IntegrityMismatch("delta frame " + index, want.h(), actual);
            }
            sink.accept(want.h(), frame, (int) length);
            index++;
        }
        if (!source.exhausted()) {
            throw new OxiCloudException.ProtocolViolation("delta download has bytes after the last expected frame");
        }
    }
}
