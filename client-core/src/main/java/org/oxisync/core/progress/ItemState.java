package org.oxisync.core.progress;

/** Where one transfer stands. */
public enum ItemState { PENDING, ACTIVE, DONE, FAILED }
