package org.oxisync.app.demo;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Random;
import org.oxisync.emulator.RemoteClient;

/** The demo's sample content and the changes it makes between the two syncs. */
final class SampleFiles {
    private SampleFiles() {}

    static void fillLocal(Path local, int largeMib, Random random) throws IOException {
        write(local.resolve("README.txt"), "Files in this folder are kept in sync with the OxiCloud emulator.\n");
        write(local.resolve("notes/todo.txt"), "- try OxiSync\n- read the report\n");
        write(local.resolve("notes/ideas.md"), "# Ideas\n\nDelta sync sends only changed chunks.\n");
        write(local.resolve("photos/2026/trip.txt"), "(imagine a photo here)\n");
        byte[] big = new byte[1 << 20];
        Path large = local.resolve("data/large.bin");
        Files.createDirectories(large.getParent());
        try (FileChannel ch = FileChannel.open(large, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
            for (int i = 0; i < largeMib; i++) {
                random.nextBytes(big);
                ch.write(ByteBuffer.wrap(big));
            }
        }
    }

    static void fillRemote(RemoteClient remote) {
        remote.mkdirs("/Shared from web");
        remote.putFile("/Shared from web/welcome.txt", utf8("Uploaded through the web UI before the first sync.\n"));
        remote.putFile("/Shared from web/plan.txt", utf8("Q1: ship OxiSync\n"));
    }

    static void changeBothSides(Path local, RemoteClient remote, int largeMib, PrintWriter out) throws IOException {
        write(local.resolve("notes/ideas.md"), "# Ideas\n\nDelta sync sends only changed chunks.\nAnd it resumes.\n");
        out.println("  local:  edited notes/ideas.md");
        write(local.resolve("notes/new-on-laptop.txt"), "written on the laptop\n");
        out.println("  local:  added notes/new-on-laptop.txt");
        Files.delete(local.resolve("photos/2026/trip.txt"));
        out.println("  local:  deleted photos/2026/trip.txt");
        if (largeMib > 2) {
            try (FileChannel ch = FileChannel.open(local.resolve("data/large.bin"), StandardOpenOption.WRITE)) {
                byte[] patch = new byte[1 << 20];
                new Random(7).nextBytes(patch);
                ch.write(ByteBuffer.wrap(patch), (long) (largeMib / 2) << 20);
            }
            out.println("  local:  overwrote 1 MiB in the middle of data/large.bin (only changed chunks go up)");
        }
        remote.putFile("/Shared from web/plan.txt", utf8("Q1: ship OxiSync\nQ2: installers\n"));
        out.println("  server: edited Shared from web/plan.txt");
        remote.rename("/README.txt", "READ-ME-FIRST.txt");
        out.println("  server: renamed README.txt to READ-ME-FIRST.txt");
        write(local.resolve("notes/todo.txt"), "- try OxiSync\n- read the report\n- edited on the laptop\n");
        remote.putFile("/notes/todo.txt", utf8("- try OxiSync\n- edited on the web at the same time\n"));
        out.println("  both:   edited notes/todo.txt on each side (a conflict: both versions are kept)");
    }

    private static void write(Path p, String text) throws IOException {
        Files.createDirectories(p.getParent());
        Files.writeString(p, text, StandardCharsets.UTF_8);
    }

    private static byte[] utf8(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }
}
