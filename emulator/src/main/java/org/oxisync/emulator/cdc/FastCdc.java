package org.oxisync.emulator.cdc;

import java.io.IOException;
import java.io.InputStream;

/**
 * FastCDC 2020 with normalization level 1, cut-point-identical to {@code fastcdc::v2020} of the Rust
 * crate {@code fastcdc} 4.0.1 (protocol reference §6.1). The masks table is copied from that crate
 * (src/v2020/mod.rs, Copyright (c) 2023 Nathan Fiedler, MIT License).
 */
public final class FastCdc {
    /** The OxiCloud server's parameters. */
    public static final int SERVER_MIN = 65_536;
    public static final int SERVER_AVG = 262_144;
    public static final int SERVER_MAX = 1_048_576;

    private static final long[] MASKS = {
        0, 0, 0, 0, 0,
        0x0000000001804110L, 0x0000000001803110L, 0x0000000018035100L, 0x0000001800035300L,
        0x0000019000353000L, 0x0000590003530000L, 0x0000d90003530000L, 0x0000d90103530000L,
        0x0000d90303530000L, 0x0000d90313530000L, 0x0000d90f03530000L, 0x0000d90303537000L,
        0x0000d90703537000L, 0x0000d90707537000L, 0x0000d91707537000L, 0x0000d91747537000L,
        0x0000d91767537000L, 0x0000d93767537000L, 0x0000d93777537000L, 0x0000d93777577000L,
        0x0000db3777577000L,
    };

    private final int min;
    private final int avg;
    private final int max;
    private final long maskS;
    private final long maskL;
    private final long maskSLs;
    private final long maskLLs;
    private final long[] gear = Gear.gear();
    private final long[] gearLs = Gear.gearLs();

    public FastCdc(int min, int avg, int max) {
        if (min < 64 || avg < 256 || max < 1024 || min > avg || avg > max) {
            throw new IllegalArgumentException("invalid FastCDC sizes " + min + "/" + avg + "/" + max);
        }
        this.min = min;
        this.avg = avg;
        this.max = max;
        int bits = (int) Math.round(Math.log(avg) / Math.log(2));
        this.maskS = MASKS[bits + 1];
        this.maskL = MASKS[bits - 1];
        this.maskSLs = maskS << 1;
        this.maskLLs = maskL << 1;
    }

    public static FastCdc server() {
        return new FastCdc(SERVER_MIN, SERVER_AVG, SERVER_MAX);
    }

    public int maxSize() {
        return max;
    }

    /** Length of the next chunk of {@code buf[off, off+len)} (the whole rest when it is the final one). */
    public int cut(byte[] buf, int off, int len) {
        int remaining = len;
        if (remaining <= min) {
            return remaining;
        }
        int center = avg;
        if (remaining > max) {
            remaining = max;
        } else if (remaining < center) {
            center = remaining;
        }
        int index = min / 2;
        long hash = 0;
        while (index < center / 2) {
            int a = index * 2;
            hash = (hash << 2) + gearLs[buf[off + a] & 0xff];
            if ((hash & maskSLs) == 0) {
                return a;
            }
            hash += gear[buf[off + a + 1] & 0xff];
            if ((hash & maskS) == 0) {
                return a + 1;
            }
            index++;
        }
        while (index < remaining / 2) {
            int a = index * 2;
            hash = (hash << 2) + gearLs[buf[off + a] & 0xff];
            if ((hash & maskLLs) == 0) {
                return a;
            }
            hash += gear[buf[off + a + 1] & 0xff];
            if ((hash & maskL) == 0) {
                return a + 1;
            }
            index++;
        }
        return remaining;
    }

    /** Receives each chunk; the array is reused after the call returns. */
    @FunctionalInterface
    public interface ChunkSink {
        void accept(long offset, byte[] buf, int off, int len) throws IOException;
    }

    /**
     * Chunks bytes held in memory without copying them: the same cut points as {@link #chunk(InputStream, ChunkSink)}
     * on a stream of those bytes ({@link #cut} never looks more than {@code max} bytes ahead, and the stream form
     * cuts with {@code max} bytes available or at the end), and no {@code max}-sized buffer per call (for a million
     * small files that buffer was a mebibyte of zeroing each).
     */
    public void chunk(byte[] data, int off, int len, ChunkSink sink) throws IOException {
        int pos = 0;
        while (pos < len) {
            int n = cut(data, off + pos, len - pos);
            sink.accept(pos, data, off + pos, n);
            pos += n;
        }
    }

    /**
     * Chunks a stream with a buffer of {@code max} bytes, like the crate's {@code StreamCDC}: a cut is
     * made only with {@code max} bytes available or at end of stream, so results equal a single pass.
     */
    public void chunk(InputStream in, ChunkSink sink) throws IOException {
        byte[] buf = new byte[max];
        int filled = 0;
        long offset = 0;
        boolean eof = false;
        while (true) {
            while (!eof && filled < max) {
                int n = in.read(buf, filled, max - filled);
                if (n < 0) {
                    eof = true;
                } else {
                    filled += n;
                }
            }
            if (filled == 0) {
                return;
            }
            int len = cut(buf, 0, filled);
            sink.accept(offset, buf, 0, len);
            offset += len;
            System.arraycopy(buf, len, buf, 0, filled - len);
            filled -= len;
        }
    }
}
