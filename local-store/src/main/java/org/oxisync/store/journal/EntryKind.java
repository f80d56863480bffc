package org.oxisync.store.journal;

/** What a journal path is. */
public enum EntryKind {
    FILE, FOLDER, SYMLINK
}
