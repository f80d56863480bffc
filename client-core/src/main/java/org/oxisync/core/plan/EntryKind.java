package org.oxisync.core.plan;

/** What an entry is. Only files and folders are synced; symlinks and special files are reported. */
public enum EntryKind { FILE, DIR, SYMLINK, OTHER }
