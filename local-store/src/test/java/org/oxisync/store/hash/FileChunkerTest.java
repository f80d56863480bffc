package org.oxisync.store.hash;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class FileChunkerTest {
    @TempDir
    Path dir;

    static Stream<String> expectedFiles() {
        return Stream.of("SekienAkashita.jpg", "splitmix-seed1-len25178457", "zeros-len5242880");
    }

    static List<String> lines(FileDigest d) {
        List<String> lines = new ArrayList<>();
        d.chunks().forEach(c -> lines.add(c.toLine()));
        lines.add("file " + d.fileHash() + " " + d.size());
        return lines;
    }

    @ParameterizedTest
    @MethodSource("expectedFiles")
    void fileDigestMatchesTheServerVectorsThreadedAndInline(String name) throws IOException {
        List<String> expected = TestInputs.lines(name + ".expected");
        Path file = TestInputs.write(dir, name, TestInputs.input(name));
        assertEquals(expected, lines(FileChunker.digest(file)));
        assertEquals(expected, lines(new FileChunker(FastCdc.Params.SERVER, 0).digestFile(file)));
    }

    @ParameterizedTest
    @MethodSource("expectedFiles")
    void inputStreamWithSmallReadsGivesTheSameDigest(String name) throws IOException {
        List<String> expected = TestInputs.lines(name + ".expected");
        assertEquals(expected, lines(FileChunker.digest(TestInputs.trickle(TestInputs.input(name), 65_537))));
    }

    @Test
    void streamingSinkReceivesChunksInOrderAndTheSummary() throws IOException {
        String name = "splitmix-seed1-len25178457";
        List<String> expected = TestInputs.lines(name + ".expected");
        Path file = TestInputs.write(dir, name, TestInputs.input(name));
        List<String> got = new ArrayList<>();
        FileSummary s = FileChunker.digest(file, FastCdc.Params.SERVER, c -> got.add(c.toLine()));
        got.add("file " + s.fileHash() + " " + s.size());
        assertEquals(expected, got);
        assertEquals(expected.size() - 1, s.chunkCount());
    }

    @Test
    void segmentBoundarySizesEqualTheOnePassResult() throws IOException {
        Random random = new Random(11);
        FastCdc.Params small = new FastCdc.Params(4096, 16384, 65536);
        int seg = FileChunker.SEGMENT_LEN;
        for (int size : new int[] {0, 1, seg - 1, seg, seg + 1, 2 * seg, 3 * seg + 1000}) {
            byte[] data = new byte[size];
            random.nextBytes(data);
            FileDigest d = FileChunker.digest(new ByteArrayInputStream(data), small);
            assertEquals(Blake3.newHasher(Blake3Kernels.scalar()).update(data).hexDigest(), d.fileHash(), "size " + size);
            assertEquals(size, d.size());
            int[] lengths = new FastCdc(small).chunkLengths(data);
            assertEquals(lengths.length, d.chunks().size(), "size " + size);
            long off = 0;
            for (int i = 0; i < lengths.length; i++) {
                ChunkRef c = d.chunks().get(i);
                assertEquals(off, c.offset());
                assertEquals(lengths[i], c.length());
                byte[] chunk = java.util.Arrays.copyOfRange(data, (int) off, (int) off + lengths[i]);
                assertEquals(Blake3.hashHex(chunk), c.hash());
                off += lengths[i];
            }
        }
    }

    @Test
    void filesAtSegmentBoundarySizesEqualTheStreamResultThreadedAndInline() throws IOException {
        Random random = new Random(12);
        FastCdc.Params small = new FastCdc.Params(4096, 16384, 65536);
        int seg = FileChunker.SEGMENT_LEN;
        for (int size : new int[] {1, 5000, seg - 1, seg, seg + 1, 2 * seg + 70_000}) {
            byte[] data = new byte[size];
            random.nextBytes(data);
            Path file = TestInputs.write(dir, "f" + size, data);
            List<String> expected = lines(FileChunker.digest(TestInputs.trickle(data, 65_537), small));
            assertEquals(expected, lines(new FileChunker(small).digestFile(file)), "size " + size);
            assertEquals(expected, lines(new FileChunker(small, 0).digestFile(file)), "size " + size);
        }
    }

    @Test
    void hashingASmallFileAllocatesAboutItsSizeNotWholeSegments() throws IOException {
        Path file = TestInputs.write(dir, "small", new byte[10_000]);
        for (int i = 0; i < 20; i++) {
            FileChunker.digest(file); // class loading and first-call allocations out of the way
        }
        var mx = (com.sun.management.ThreadMXBean) java.lang.management.ManagementFactory.getThreadMXBean();
        long tid = Thread.currentThread().getId();
        long before = mx.getThreadAllocatedBytes(tid);
        for (int i = 0; i < 50; i++) {
            FileChunker.digest(file);
        }
        long perFile = (mx.getThreadAllocatedBytes(tid) - before) / 50;
        // buffers allocated up front used to cost 20 MiB per file; now about the file's size plus small objects
        org.junit.jupiter.api.Assertions.assertTrue(perFile < 256 * 1024, "allocated per file: " + perFile);
    }

    @Test
    void aFileOfOneChunkHasItsPlainBlake3AsBothChunkAndFileHashSharingOneString() throws IOException {
        byte[] data = new byte[20_000];
        new Random(7).nextBytes(data);
        Path file = TestInputs.write(dir, "small.bin", data);
        for (FileDigest d : List.of(FileChunker.digest(file), new FileChunker(FastCdc.Params.SERVER, 0).digestFile(file))) {
            assertEquals(1, d.chunks().size());
            assertEquals(Blake3.newHasher().update(data, 0, data.length).hexDigest(), d.fileHash());
            org.junit.jupiter.api.Assertions.assertSame(d.chunks().get(0).hash(), d.fileHash());
        }
    }

    @Test
    void emptyFileHasNoChunksAndTheEmptyHash() throws IOException {
        FileDigest d = FileChunker.digest(TestInputs.write(dir, "empty", new byte[0]));
        assertEquals(List.of(), d.chunks());
        assertEquals("af1349b9f5f9a1a6a0404dea36dcc9499bcb25c9adc112b7cc9a93cae41f3262", d.fileHash());
        assertEquals(0, d.size());
    }

    @Test
    void missingFileFailsWithNoSuchFile() {
        assertThrows(NoSuchFileException.class, () -> FileChunker.digest(dir.resolve("absent")));
    }
}
