package org.oxisync.core.engine;

/** One item that failed or was left out in a run, with what went wrong in words a user can act on. */
public record ItemError(String path, String reason) {}
