package org.oxisync.emulator.nextcloud;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.oxisync.emulator.http.ApiError;

class DavPathsTest {
    @Test
    void segmentsAreTrimmedOfSlashesAndNormalisedToNfc() {
        assertEquals(List.of("a", "caf\u00e9"), DavPaths.segments("//a/cafe\u0301/"));
        assertEquals(List.of(), DavPaths.segments("/"));
        assertEquals(List.of(), DavPaths.segments(null));
    }

    @Test
    void aDotOrDotDotSegmentIsRefusedWith400() {
        assertEquals(400, assertThrows(ApiError.class, () -> DavPaths.segments("a/../b")).status());
        assertEquals(400, assertThrows(ApiError.class, () -> DavPaths.segments("./b")).status());
    }

    @Test
    void destinationIsDecodedFromAnAbsoluteUrlOrAPathUnderTheSameUsersFiles() {
        assertEquals("docs/a b.txt", DavPaths.destSubpath("https://h:1/remote.php/dav/files/alice/docs/a%20b.txt", "alice"));
        assertEquals("a+b", DavPaths.destSubpath("/remote.php/dav/files/alice/a+b/", "alice"), "'+' stays a plus");
        assertEquals("", DavPaths.destSubpath("http://h/remote.php/dav/files/alice", "alice"));
        assertNull(DavPaths.destSubpath("http://h/remote.php/dav/files/bob/x", "alice"));
        assertNull(DavPaths.destSubpath("/remote.php/dav/files/alice/%zz", "alice"), "a malformed escape");
    }

    @Test
    void hrefsPercentEncodeEveryByteButTheUnreservedOnes() {
        assertEquals("/remote.php/dav/files/alice/a%20b/%C3%A9~_-.x", DavPaths.href("alice", List.of("a b", "\u00e9~_-.x")));
        assertEquals("/remote.php/dav/files/a%40b/", DavPaths.href("a@b", List.of()));
    }
}
