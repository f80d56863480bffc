package org.oxisync.protocol;

/**
 * Outcome of a whole-file download. {@code notModified} when {@code If-None-Match} matched (nothing written);
 * otherwise {@code etag} (unquoted) and the total {@code size} written; {@code resumed} when a Range request
 * continued earlier bytes.
 */
public record DownloadResult(boolean notModified, String etag, long size, boolean resumed) {}
