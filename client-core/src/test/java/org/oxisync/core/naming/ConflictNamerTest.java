package org.oxisync.core.naming;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.Set;
import org.junit.jupiter.api.Test;

class ConflictNamerTest {
    private final Clock clock = Clock.fixed(Instant.parse("2024-03-05T14:07:09Z"), ZoneOffset.UTC);

    @Test
    void insertsStampAndHostBeforeTheExtension() {
        assertEquals("Docs/report (conflicted copy 2024-03-05 140709 laptop).pdf",
                new ConflictNamer(clock, "laptop").conflictPath("Docs/report.pdf", p -> false));
    }

    @Test
    void nameWithoutExtensionGetsTheSuffixAtTheEnd() {
        assertEquals("Makefile (conflicted copy 2024-03-05 140709 pc)",
                new ConflictNamer(clock, "pc").conflictPath("Makefile", p -> false));
    }

    @Test
    void leadingDotIsNotAnExtension() {
        assertEquals(".bashrc (conflicted copy 2024-03-05 140709 pc)",
                new ConflictNamer(clock, "pc").conflictPath(".bashrc", p -> false));
    }

    @Test
    void onlyTheLastExtensionIsKeptAfterTheSuffix() {
        assertEquals("a.tar (conflicted copy 2024-03-05 140709 pc).gz",
                new ConflictNamer(clock, "pc").conflictPath("a.tar.gz", p -> false));
    }

    @Test
    void usesTheClocksTimeZone() {
        Clock paris = Clock.fixed(Instant.parse("2024-03-05T14:07:09Z"), ZoneId.of("Europe/Paris"));
        assertEquals("a (conflicted copy 2024-03-05 150709 pc).txt",
                new ConflictNamer(paris, "pc").conflictPath("a.txt", p -> false));
    }

    @Test
    void takenNamesGetACounterUntilFree() {
        Set<String> taken = Set.of("a (conflicted copy 2024-03-05 140709 pc).txt",
                "a (conflicted copy 2024-03-05 140709 pc 2).txt");
        assertEquals("a (conflicted copy 2024-03-05 140709 pc 3).txt",
                new ConflictNamer(clock, "pc").conflictPath("a.txt", taken::contains));
    }

    @Test
    void hostCharactersNoFileSystemAcceptsAreReplaced() {
        assertEquals("a (conflicted copy 2024-03-05 140709 my-box-1).txt",
                new ConflictNamer(clock, "my/box:1").conflictPath("a.txt", p -> false));
    }
}
