package org.oxisync.core.undo;

import java.util.List;

/**
 * What undoing some runs does, step by step, and the items it leaves alone with why. Every step is done on this
 * computer first (a kept version written back, a created file kept as a version and removed) or on the server's
 * trash (a trashed item restored); the sync run that follows carries each to the other side.
 */
public record UndoPlan(List<Step> steps, List<Left> left) {
    public UndoPlan {
        steps = List.copyOf(steps);
        left = List.copyOf(left);
    }

    public boolean isEmpty() {
        return steps.isEmpty();
    }

    /** One thing undo does. */
    public sealed interface Step {
        String path();

        /** What the step does, in plain words. */
        String words();
    }

    /** The file gets back the content it had: a version from the local store (the current content is kept first). */
    public record RestoreContent(String path, long versionId, boolean replaces) implements Step {
        public String words() {
            return (replaces ? "put back the earlier content of " : "bring back ") + path
                    + " from the kept versions (version " + versionId + ")";
        }
    }

    /** The file the run created is kept as a version, then removed here; the next run moves it to the server's trash. */
    public record RemoveCreated(String path) implements Step {
        public String words() {
            return "remove " + path + " (the run created it; it is kept in the versions and goes to the server's trash)";
        }
    }

    /**
     * The item the run deleted is restored from the server's trash (then downloaded); when the trash no longer holds
     * it, {@code fallbackVersion} (a kept local version, 0 if none) brings it back instead.
     */
    public record RestoreTrashed(String path, String remoteId, boolean folder, long fallbackVersion) implements Step {
        public String words() {
            return "restore " + path + (folder ? "/" : "") + " from the server's trash"
                    + (fallbackVersion > 0 ? " (or from the kept versions)" : "");
        }
    }

    /** The item the run moved goes back where it was (here; the next run moves it on the server too). */
    public record MoveBack(String path, String to) implements Step {
        public String words() {
            return "move " + path + " back to " + to;
        }
    }

    /** An item undo leaves as it is, and why; {@code changedSince}: because it changed again after the run. */
    public record Left(String path, String why, boolean changedSince) {
        public Left(String path, String why) {
            this(path, why, false);
        }
    }
}
