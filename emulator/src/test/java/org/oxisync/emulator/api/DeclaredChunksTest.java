package org.oxisync.emulator.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.oxisync.emulator.store.Model.ChunkRef;

class DeclaredChunksTest {
    private static ChunkRef c(String h, long s) {
        return new ChunkRef(h, s);
    }

    @Test
    void aPutBodyGetsTheDeclaredHashesOfTheOneNegotiatedRunWithItsFrameSizes() {
        DeclaredChunks d = new DeclaredChunks();
        d.negotiated("u", List.of(c("a", 100), c("b", 200), c("c", 300), c("d", 400)));
        // two lanes: the second PUT (c, d) arrives first
        assertEquals(List.of("c", "d"), d.claim("u", new long[] {300, 400}));
        assertEquals(List.of("a", "b"), d.claim("u", new long[] {100, 200}));
        assertNull(d.claim("u", new long[] {100}), "each declared chunk is claimed once");
    }

    @Test
    void framesThatMatchTwoRunsOfDifferentChunksAreNotClaimed() {
        DeclaredChunks d = new DeclaredChunks();
        d.negotiated("u", List.of(c("a", 100), c("b", 200), c("c", 100)));
        assertNull(d.claim("u", new long[] {100}), "a or c: the frame must be hashed");
        assertEquals(List.of("b", "c"), d.claim("u", new long[] {200, 100}), "the run of two is unique");
        assertEquals(List.of("a"), d.claim("u", new long[] {100}), "now unique");
    }

    @Test
    void framesOfAnotherUserOrWithoutANegotiationAreNotClaimed() {
        DeclaredChunks d = new DeclaredChunks();
        d.negotiated("u", List.of(c("a", 100)));
        assertNull(d.claim("v", new long[] {100}));
        assertNull(d.claim("u", new long[] {101}));
        assertNull(d.claim("u", new long[] {100, 100}));
    }

    @Test
    void theSameChunkNegotiatedTwiceIsNotAmbiguous() {
        DeclaredChunks d = new DeclaredChunks();
        d.negotiated("u", List.of(c("a", 100)));
        d.negotiated("u", List.of(c("a", 100)));
        assertEquals(List.of("a"), d.claim("u", new long[] {100}));
    }

    @Test
    void aCommitDropsThePendingChunksItNames() {
        DeclaredChunks d = new DeclaredChunks();
        d.negotiated("u", List.of(c("a", 100), c("b", 200)));
        d.committed("u", List.of(c("a", 100)));
        assertNull(d.claim("u", new long[] {100}));
        assertEquals(List.of("b"), d.claim("u", new long[] {200}));
    }
}
