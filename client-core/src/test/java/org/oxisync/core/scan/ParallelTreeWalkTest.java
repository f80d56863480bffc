package org.oxisync.core.scan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The parallel walk gives the callbacks of {@code Files.walkFileTree}, in the same order, on any thread count. */
class ParallelTreeWalkTest {
    @TempDir
    Path root;

    /** Records every callback; skips folders named "skip" like an excluded folder. */
    static final class Recorder extends SimpleFileVisitor<Path> {
        final Path base;
        final List<String> events = new ArrayList<>();
        /** How many parts were appended to this one. */
        int appended;

        Recorder(Path base) {
            this.base = base;
        }

        /** The path below {@code base} (by string: Path.relativize is quadratic in the depth). */
        private String rel(Path p) {
            String s = p.toString();
            String b = base.toString();
            return s.length() == b.length() ? "" : s.substring(b.length() + 1);
        }

        @Override
        public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attrs) {
            events.add("pre " + rel(dir));
            return dir.getFileName().toString().equals("skip") ? FileVisitResult.SKIP_SUBTREE : FileVisitResult.CONTINUE;
        }

        @Override
        public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) {
            events.add((attrs.isSymbolicLink() ? "link " : "file ") + rel(file) + " " + attrs.size());
            return FileVisitResult.CONTINUE;
        }

        @Override
        public FileVisitResult visitFileFailed(Path file, IOException exc) {
            events.add("failed " + rel(file));
            return FileVisitResult.CONTINUE;
        }

        @Override
        public FileVisitResult postVisitDirectory(Path dir, IOException exc) {
            events.add("post " + rel(dir) + (exc == null ? "" : " error"));
            return FileVisitResult.CONTINUE;
        }
    }

    private static ParallelTreeWalk.Parts<Recorder> recorders(Path base) {
        return new ParallelTreeWalk.Parts<>() {
            @Override
            public Recorder create() {
                return new Recorder(base);
            }

            @Override
            public void append(Recorder into, Recorder part) {
                into.events.addAll(part.events);
                into.appended++;
            }
        };
    }

    private List<String> parallel(int threads) throws IOException {
        return new ParallelTreeWalk<>(recorders(root), threads).walk(root).events;
    }

    @Test
    void givesTheCallbacksOfWalkFileTreeInTheSameOrderOnOneOrManyThreads() throws IOException {
        for (int d = 0; d < 6; d++) {
            for (int e = 0; e < 4; e++) {
                Path dir = root.resolve("d" + d + "/e" + e);
                Files.createDirectories(dir);
                for (int f = 0; f < 5; f++) {
                    Files.writeString(dir.resolve("f" + f), "x".repeat(d + e + f));
                }
            }
            Files.writeString(root.resolve("d" + d + "/top.txt"), "top");
        }
        Files.createDirectories(root.resolve("d1/skip/inner"));
        Files.writeString(root.resolve("d1/skip/inner/hidden.txt"), "not visited");
        Files.createDirectories(root.resolve("empty"));
        Files.writeString(root.resolve("root.txt"), "r");
        Files.createSymbolicLink(root.resolve("d2/link"), root.resolve("d3")); // not followed

        Recorder sequential = new Recorder(root);
        Files.walkFileTree(root, sequential);
        for (int threads : new int[] {1, 2, 4}) {
            assertEquals(sequential.events, parallel(threads), threads + " thread(s)");
        }
        assertTrue(sequential.events.contains("link d2/link 0") || sequential.events.stream()
                .anyMatch(e -> e.startsWith("link d2/link")), sequential.events.toString());
        assertTrue(sequential.events.stream().noneMatch(e -> e.contains("hidden.txt")));
    }

    /** Parts are folded as folders finish: a finished subtree is one part, not two or more a folder held to the end. */
    @Test
    void theWalkOfManyFoldersReachesItsFinalMergeAsOnePartInTheSameOrder() throws IOException {
        for (int d = 0; d < 8; d++) {
            for (int e = 0; e < 3; e++) {
                Path dir = Files.createDirectories(root.resolve("d" + d + "/e" + e));
                Files.writeString(dir.resolve("f"), "x");
            }
            Files.writeString(root.resolve("d" + d + "/top.txt"), "top");
        }
        Recorder sequential = new Recorder(root);
        Files.walkFileTree(root, sequential);
        for (int threads : new int[] {1, 3}) {
            Recorder merged = new ParallelTreeWalk<>(recorders(root), threads).walk(root);
            assertEquals(sequential.events, merged.events, "threads: " + threads);
            assertEquals(1, merged.appended, "parts of 33 folders reaching the final merge, threads: " + threads);
        }
    }

    @Test
    void aVeryDeepTreeIsWalkedWholeInTheSameOrder() throws IOException {
        Path dir = root;
        for (int i = 0; i < 1500; i++) { // a path of about 3,000 characters: deeper than any real tree
            dir = dir.resolve("d");
        }
        Files.createDirectories(dir);
        Files.writeString(dir.resolve("bottom.txt"), "deep");
        Files.writeString(root.resolve("d/side.txt"), "side");
        Recorder sequential = new Recorder(root);
        Files.walkFileTree(root, sequential);
        assertEquals(sequential.events, parallel(2));
        assertTrue(sequential.events.stream().anyMatch(e -> e.endsWith("bottom.txt 4")));
        // removed here, bottom-up: JUnit's own clean-up of a tree this deep takes about 30 s
        Files.walkFileTree(root.resolve("d"), new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) throws IOException {
                Files.delete(file);
                return FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult postVisitDirectory(Path d, IOException exc) throws IOException {
                Files.delete(d);
                return FileVisitResult.CONTINUE;
            }
        });
    }

    @Test
    void aRootThatIsNotAFolderIsAnErrorNotAnEmptyTree() throws IOException {
        Path file = Files.writeString(root.resolve("file.txt"), "x");
        ParallelTreeWalk<Recorder> walk = new ParallelTreeWalk<>(recorders(file), 2);
        assertThrows(IOException.class, () -> walk.walk(file));
        assertThrows(IOException.class, () -> walk.walk(root.resolve("missing")));
    }
}
