package org.oxisync.protocol;

import java.time.Instant;

/**
 * The leaf certificate a server presented, for the UI to show before the user decides to pin it.
 * {@code sha256} is lowercase hex of the DER encoding; {@code trustedBySystem} tells whether pinning is needed.
 */
public record PresentedCertificate(String sha256, String subject, String issuer, Instant notAfter,
        boolean trustedBySystem) {}
