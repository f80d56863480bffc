package org.oxisync.core.reason;

/**
 * A failure that knows which {@link ReasonCode} it is shown as. The layers below the words (transfer, scan) name their
 * own failures' reasons this way, so that {@link Reasons} does not need to know their exception types.
 */
public interface CodedFailure {
    ReasonCode reasonCode();
}
