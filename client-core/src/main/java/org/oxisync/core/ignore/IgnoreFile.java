package org.oxisync.core.ignore;

import java.io.IOException;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import org.oxisync.store.account.FolderPair;

/**
 * {@code .oxisyncignore}: ignore patterns in a file at the top of the synced folder, in gitignore syntax (what
 * {@link IgnorePattern} supports), one per line, as {@code .gitignore} and {@code .stignore} users expect. Read at
 * the start of every run, so an edit takes effect at the next run (the daemon and the desktop app start a full scan
 * when it changes).
 *
 * <p><b>It is synced like any other file</b> (unless a pattern ignores it): rules such as {@code node_modules/} or
 * {@code *.iso} usually belong to the folder, not to one computer, and every computer that syncs the folder should
 * leave out the same files, or one would upload what another ignores. Rules for this computer only go to the pair's
 * own patterns ({@code oxisync pair ignore add}, the app's folder settings, kept in the local store); to keep the file
 * itself on one computer, list {@code .oxisyncignore} in it. Order: the built-in defaults, then this file, then the
 * pair's own patterns, the last match deciding (so this computer's own rules win).
 *
 * <p>Only the file at the top of the folder is read (not one per subfolder, unlike git). A link is not followed (the
 * sync never follows links). A pattern that cannot be read fails the run with the file and line, rather than
 * syncing files the user meant to leave out.
 */
public final class IgnoreFile {
    public static final String NAME = ".oxisyncignore";
    /** Larger than any list of patterns a person writes; a bigger file is refused, not read into memory. */
    static final long MAX_BYTES = 1 << 20;

    private IgnoreFile() {}

    /** The file's problem, with its path and line: the run stops before it syncs anything. */
    public static final class Invalid extends IOException {
        public Invalid(String message) {
            super(message);
        }
    }

    /** Where the file of the folder {@code root} is. */
    public static Path of(Path root) {
        return root.resolve(NAME);
    }

    /**
     * The pattern lines of {@code root}'s file as written (comments and blank lines included, for order); empty when
     * there is no file (or a link or folder by that name).
     *
     * @throws Invalid when the file is too large, is not UTF-8, cannot be read, or has a line that is no pattern
     */
    public static List<String> read(Path root) throws Invalid {
        Path file = of(root);
        if (!Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS)) {
            return List.of();
        }
        byte[] bytes;
        try {
            if (Files.size(file) > MAX_BYTES) {
                throw new Invalid(file + " is larger than " + (MAX_BYTES >> 20) + " MiB; it holds ignore patterns"
                        + " only");
            }
            bytes = Files.readAllBytes(file);
        } catch (Invalid e) {
            throw e;
        } catch (IOException e) {
            throw new Invalid("cannot read " + file + ": " + e.getMessage());
        }
        String text;
        try {
            text = StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(bytes)).toString();
        } catch (CharacterCodingException e) {
            throw new Invalid(file + " is not UTF-8 text");
        }
        if (text.startsWith("\uFEFF")) {
            text = text.substring(1); // a byte-order mark some editors write
        }
        List<String> lines = new ArrayList<>();
        int n = 0;
        for (String line : text.split("\r?\n")) { // trailing empty lines dropped
            n++;
            try {
                IgnorePattern.parse(line);
            } catch (IllegalArgumentException e) {
                throw new Invalid(file + ", line " + n + ": '" + line + "' is not a pattern this client understands ("
                        + e.getMessage().lines().findFirst().orElse("") + "); fix or remove the line");
            }
            lines.add(line);
        }
        return lines;
    }

    /**
     * {@code pair} with the patterns that apply to it now: its folder's file, then its own (see the class comment for
     * the order). The sync uses this, so a seal made under other rules is never taken for this one.
     */
    public static FolderPair effective(FolderPair pair) throws Invalid {
        List<String> fromFile = read(Path.of(pair.localRoot()));
        if (fromFile.isEmpty()) {
            return pair;
        }
        List<String> all = new ArrayList<>(fromFile);
        all.addAll(pair.ignorePatterns());
        return pair.withIgnorePatterns(all);
    }

    /** The filter of {@code pair} as a run builds it: defaults, the folder's file, the pair's own patterns, selective sync. */
    public static PathFilter filter(FolderPair effectivePair) {
        return new PathFilter(IgnoreRules.withDefaults(effectivePair.ignorePatterns()),
                new SelectiveSync(new java.util.HashSet<>(effectivePair.exclusions())));
    }
}
