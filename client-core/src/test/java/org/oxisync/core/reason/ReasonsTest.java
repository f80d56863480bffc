package org.oxisync.core.reason;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.oxisync.core.transfer.TransferException;
import org.oxisync.protocol.OxiCloudException;

/** Exceptions become reasons by their type, never by their words; every kind the protocol has gets its own code. */
class ReasonsTest {
    private static final Map<Class<?>, Throwable> SERVER = Map.ofEntries(
            sample(new OxiCloudException.AuthExpired("x")), sample(new OxiCloudException.LoginFailed("r", "x")),
            sample(new OxiCloudException.Forbidden("x")),
            sample(new OxiCloudException.ForbiddenByRole("x", "write", "file", "id", "m")),
            sample(new OxiCloudException.NotFound("x", null, null)), sample(new OxiCloudException.Conflict("x")),
            sample(new OxiCloudException.StillMissing(List.of("h"))), sample(new OxiCloudException.QuotaExceeded("x")),
            sample(new OxiCloudException.RateLimited(Duration.ofSeconds(890))),
            sample(new OxiCloudException.ServerReadOnly("x")), sample(new OxiCloudException.ServerError(502, "x")),
            sample(new OxiCloudException.RequestRejected(413, "x")),
            sample(new OxiCloudException.NetworkFailure("x", null)),
            sample(new OxiCloudException.UntrustedCertificate("x", null)),
            sample(new OxiCloudException.ProtocolViolation("x")),
            sample(new OxiCloudException.IntegrityMismatch("x", "a", "b")),
            sample(new OxiCloudException.LocalFileChanged("x", null)),
            sample(new OxiCloudException.UnsupportedServer("x")),
            sample(new OxiCloudException.NameNotRepresentable("a:b", "x")),
            sample(new OxiCloudException.CredentialStoreFailure("x", null)));

    private static Map.Entry<Class<?>, Throwable> sample(Throwable t) {
        return Map.entry(t.getClass(), t);
    }

    @Test
    void everyKindOfServerExceptionHasACodeOfItsOwnNotUnexpected() {
        Set<Class<?>> permitted = Set.of(OxiCloudException.class.getPermittedSubclasses());
        assertEquals(permitted, SERVER.keySet(), "a new OxiCloudException needs a sample here and a code in Reasons");
        SERVER.values().forEach(e -> assertNotEquals(ReasonCode.UNEXPECTED, Reasons.of(e).code(), e::toString));
    }

    @Test
    void everyKindOfTransferExceptionHasACodeOfItsOwn() {
        List<TransferException> samples = List.of(new TransferException.FileChangedWhileReading("x", null),
                new TransferException.RemoteChanged("x", "h"), new TransferException.VerificationFailed("x", null),
                new TransferException.LocalIoFailure("x", null), new TransferException.Stopped("x"));
        assertEquals(Set.of(TransferException.class.getPermittedSubclasses()),
                samples.stream().map(Object::getClass).collect(Collectors.toSet()));
        assertEquals(List.of(ReasonCode.CHANGED_WHILE_UPLOADING, ReasonCode.CHANGED_ON_SERVER, ReasonCode.HASH_MISMATCH,
                ReasonCode.LOCAL_WRITE_FAILED, ReasonCode.STOPPED), samples.stream().map(e -> Reasons.of(e).code()).toList());
    }

    @Test
    void theKindComesFromTheTypeAndTheValuesFromItsFieldsNotFromTheWords() {
        // an English message that reads like another kind does not change the kind
        assertEquals(ReasonCode.QUOTA, Reasons.of(new OxiCloudException.QuotaExceeded("connection refused")).code());
        Reason limited = Reasons.of(new OxiCloudException.RateLimited(Duration.ofSeconds(890)));
        assertEquals(ReasonCode.RATE_LIMITED, limited.code());
        assertEquals("890", limited.args().get("seconds"));
        assertEquals("rate limited by the server; retry after 890 s", limited.detail(), "the CLI's words are kept");
        assertEquals("502", Reasons.of(new OxiCloudException.ServerError(502, "x")).args().get("status"));
        assertEquals("write", Reasons.of(new OxiCloudException.ForbiddenByRole("x", "write", "file", "i", "m"))
                .args().get("permission"));
    }

    @Test
    void localFileSystemFailuresHaveTheirKinds() {
        assertEquals(ReasonCode.PERMISSION_DENIED, Reasons.of(new AccessDeniedException("/a")).code());
        assertEquals(ReasonCode.GONE_LOCALLY, Reasons.of(new NoSuchFileException("/a")).code());
        assertEquals(ReasonCode.DISK_FULL, Reasons.of(new FileSystemException("/a", null, "No space left on device")).code());
        assertEquals(ReasonCode.LOCKED_OR_UNREADABLE, Reasons.of(new FileSystemException("/a", null, "busy")).code());
        assertEquals(ReasonCode.NETWORK, Reasons.of(new IOException("wrapped", new java.net.ConnectException())).code());
        assertEquals(ReasonCode.UNEXPECTED, Reasons.of(new IllegalStateException("a bug")).code());
        assertEquals("a bug", Reasons.of(new IllegalStateException("a bug")).detail());
    }

    @Test
    void codeNamesAreUniqueWireNames() {
        assertEquals(ReasonCode.values().length, Arrays.stream(ReasonCode.values()).map(Enum::name).distinct().count());
        assertEquals("HELD_BACK_READ_ONLY", Reason.of(ReasonCode.HELD_BACK_READ_ONLY, "x").wireCode());
    }
}
