package org.oxisync.protocol;

/**
 * A listing row the client left out because using it would be unsafe (a name that is not one path segment), so the
 * rest of the listing can still be used. {@code id} and {@code name} are as the server sent them (maybe null);
 * show them with {@link Names#printable}. The caller reports it per item ("skipped: unsafe name from server").
 */
public record SkippedResource(String resourceType, String id, String name, String reason) {}
