package org.oxisync.testing;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.ReadableByteChannel;
import java.nio.channels.WritableByteChannel;
import java.nio.file.OpenOption;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A disk that fills up: every channel opened through it shares {@link #fillAfter} free bytes; a write that does not
 * fit writes what fits (a short count, as write(2) does) and the next one throws {@code IOException("No space left on
 * device")}, the message the JDK gives ENOSPC on Linux. {@link #makeRoom} frees it again. The tests of local-store
 * and client-core hand {@code disk::open} to the store as its {@code FileWrites} (this module depends on no OxiSync
 * module, so that local-store's own tests can use it).
 */
public final class FullDisk {
    private static final long UNLIMITED = Long.MAX_VALUE;
    private final AtomicLong free = new AtomicLong(UNLIMITED);
    private final AtomicLong refusals = new AtomicLong();

    /** From now on only {@code bytes} more bytes fit, over all files. */
    public FullDisk fillAfter(long bytes) {
        free.set(bytes);
        return this;
    }

    /** Space is back. */
    public FullDisk makeRoom() {
        free.set(UNLIMITED);
        return this;
    }

    /** How many writes were refused so far. */
    public long refusals() {
        return refusals.get();
    }

    /** Opens {@code file} like {@link FileChannel#open(Path, OpenOption...)}, its writes limited by the space left. */
    public FileChannel open(Path file, OpenOption... options) throws IOException {
        return new Limited(FileChannel.open(file, options));
    }

    private int allow(int wanted) throws IOException {
        while (true) {
            long f = free.get();
            if (f == UNLIMITED) {
                return wanted;
            }
            if (f <= 0 && wanted > 0) {
                refusals.incrementAndGet();
                throw new IOException("No space left on device");
            }
            int n = (int) Math.min(wanted, f);
            if (free.compareAndSet(f, f - n)) {
                return n;
            }
        }
    }

    private final class Limited extends FileChannel {
        private final FileChannel d;

        Limited(FileChannel d) {
            this.d = d;
        }

        private int limited(ByteBuffer src, IoCall call) throws IOException {
            int n = allow(src.remaining());
            int oldLimit = src.limit();
            src.limit(src.position() + n);
            try {
                return call.run(src);
            } finally {
                src.limit(oldLimit);
            }
        }

        @Override
        public int write(ByteBuffer src) throws IOException {
            return limited(src, d::write);
        }

        @Override
        public int write(ByteBuffer src, long position) throws IOException {
            return limited(src, b -> d.write(b, position));
        }

        @Override
        public long write(ByteBuffer[] srcs, int offset, int length) throws IOException {
            long n = 0;
            for (int i = offset; i < offset + length; i++) {
                if (srcs[i].hasRemaining()) {
                    n += write(srcs[i]);
                }
            }
            return n;
        }

        @Override
        public int read(ByteBuffer dst) throws IOException {
            return d.read(dst);
        }

        @Override
        public long read(ByteBuffer[] dsts, int offset, int length) throws IOException {
            return d.read(dsts, offset, length);
        }

        @Override
        public int read(ByteBuffer dst, long position) throws IOException {
            return d.read(dst, position);
        }

        @Override
        public long position() throws IOException {
            return d.position();
        }

        @Override
        public FileChannel position(long newPosition) throws IOException {
            d.position(newPosition);
            return this;
        }

        @Override
        public long size() throws IOException {
            return d.size();
        }

        @Override
        public FileChannel truncate(long size) throws IOException {
            d.truncate(size);
            return this;
        }

        @Override
        public void force(boolean metaData) throws IOException {
            d.force(metaData);
        }

        @Override
        public long transferTo(long position, long count, WritableByteChannel target) throws IOException {
            return d.transferTo(position, count, target);
        }

        @Override
        public long transferFrom(ReadableByteChannel src, long position, long count) throws IOException {
            throw new IOException("transferFrom is not used by the client's writers");
        }

        @Override
        public MappedByteBuffer map(MapMode mode, long position, long size) throws IOException {
            return d.map(mode, position, size);
        }

        @Override
        public FileLock lock(long position, long size, boolean shared) throws IOException {
            return d.lock(position, size, shared);
        }

        @Override
        public FileLock tryLock(long position, long size, boolean shared) throws IOException {
            return d.tryLock(position, size, shared);
        }

        @Override
        protected void implCloseChannel() throws IOException {
            d.close();
        }
    }

    @FunctionalInterface
    private interface IoCall {
        int run(ByteBuffer b) throws IOException;
    }
}
