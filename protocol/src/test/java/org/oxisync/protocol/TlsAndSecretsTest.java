package org.oxisync.protocol;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.MessageDigest;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.Map;
import java.util.Optional;
import mockwebserver3.MockWebServer;
import okhttp3.tls.HandshakeCertificates;
import okhttp3.tls.HeldCertificate;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.oxisync.protocol.http.HttpOxiCloudApi;
import org.oxisync.protocol.http.Certificates;

/** Self-signed servers only by pin; secrets in owner-only files or the keychain, never in text output. */
class TlsAndSecretsTest {

    private static MockWebServer selfSignedServer(HeldCertificate cert) throws Exception {
        MockWebServer server = new MockWebServer();
        HandshakeCertificates hs = new HandshakeCertificates.Builder().heldCertificate(cert).build();
        server.useHttps(hs.sslSocketFactory());
        server.start();
        return server;
    }

    @Test
    void selfSignedServerIsRejectedByDefaultAndAcceptedOnlyWithItsPin() throws Exception {
        HeldCertificate cert = new HeldCertificate.Builder().addSubjectAlternativeName("localhost")
                .commonName("oxicloud.home").build();
        HeldCertificate other = new HeldCertificate.Builder().addSubjectAlternativeName("localhost").build();
        String fingerprint = HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(cert.certificate().getEncoded()));
        try (MockWebServer server = selfSignedServer(cert)) {
            for (int i = 0; i < 2; i++) {
                server.enqueue(Fixtures.json("{\"name\":\"OxiCloud\",\"version\":\"0.8.7\"}"));
            }
            ApiConfig.Builder base = ApiConfig.builder(server.url("/").uri(), "a").retryPolicy(RetryPolicy.NONE);
            try (OxiCloudApi plain = HttpOxiCloudApi.create(base.build())) {
                assertThrows(OxiCloudException.UntrustedCertificate.class, plain::version);
            }
            String wrongPin = HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(other.certificate().getEncoded()));
            try (OxiCloudApi wrong = HttpOxiCloudApi.create(base.pinnedCertificateSha256(wrongPin).build())) {
                assertThrows(OxiCloudException.UntrustedCertificate.class, wrong::version);
            }
            PresentedCertificate shown = Certificates.presented(server.url("/").uri(), Duration.ofSeconds(5));
            assertEquals(fingerprint, shown.sha256());
            assertFalse(shown.trustedBySystem());
            assertTrue(shown.subject().contains("oxicloud.home"), shown.subject());
            try (OxiCloudApi pinned = HttpOxiCloudApi.create(base.pinnedCertificateSha256(shown.sha256()).build())) {
                assertEquals("0.8.7", pinned.version().version());
            }
        }
    }

    @Test
    void fileStoreWritesOwnerOnlyFilesAtomicallyAndRoundTrips(@TempDir Path dir) throws Exception {
        Path secrets = dir.resolve("secrets");
        FileCredentialStore store = new FileCredentialStore(secrets);
        Credentials.TokenPair pair = new Credentials.TokenPair("acc-xyz", "ref-xyz", Instant.ofEpochSecond(1_800_000_000L));
        store.save("alice@https://cloud", pair);
        store.save("alice@https://cloud", pair); // overwrite through the atomic rename
        assertEquals(Optional.of(pair), store.load("alice@https://cloud"));
        assertEquals(Optional.empty(), store.load("bob@https://cloud"));
        try (var files = Files.list(secrets)) {
            var list = files.toList();
            assertEquals(1, list.size(), "no temporary files left: " + list);
            assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(list.get(0))));
            assertFalse(list.get(0).getFileName().toString().contains("alice"));
        }
        assertEquals("rwx------", PosixFilePermissions.toString(Files.getPosixFilePermissions(secrets)));
        assertFalse(store.toString().contains("acc-xyz"));
        store.delete("alice@https://cloud");
        assertEquals(Optional.empty(), store.load("alice@https://cloud"));
    }

    @Test
    void fileStoreRefusesAFileOthersCanRead(@TempDir Path dir) throws Exception {
        FileCredentialStore store = new FileCredentialStore(dir);
        store.save("a", new Credentials.AppPassword("alice", "pw-123"));
        try (var files = Files.list(dir)) {
            Path f = files.findFirst().orElseThrow();
            Files.setPosixFilePermissions(f, PosixFilePermissions.fromString("rw-r--r--"));
        }
        var e = assertThrows(OxiCloudException.CredentialStoreFailure.class, () -> store.load("a"));
        assertFalse(e.getMessage().contains("pw-123"));
    }

    @Test
    void keyringStoreKeepsTheEncodedCredentialsUnderTheServiceName() {
        Map<String, String> vault = new HashMap<>();
        KeyringCredentialStore.Backend fake = new KeyringCredentialStore.Backend() {
            @Override
            public String get(String service, String account) throws Exception {
                String v = vault.get(service + "/" + account);
                if (v == null) {
                    throw new Exception("no such entry");
                }
                return v;
            }

            @Override
            public void set(String service, String account, String secret) {
                vault.put(service + "/" + account, secret);
            }

            @Override
            public void delete(String service, String account) {
                vault.remove(service + "/" + account);
            }
        };
        KeyringCredentialStore store = new KeyringCredentialStore(fake, "OxiSync");
        Credentials app = new Credentials.AppPassword("alice", "oxicloud-k3y");
        store.save("acct", app);
        assertTrue(vault.get("OxiSync/acct").contains("oxicloud-k3y"));
        assertEquals(Optional.of(app), store.load("acct"));
        vault.put("OxiSync/acct", "garbage{");
        assertEquals(Optional.empty(), store.load("acct"));
        store.delete("acct");
        assertEquals(Optional.empty(), store.load("missing"));
    }

    @Test
    void systemStoreFallsBackToAnOwnerOnlyFileWhereNoKeychainAnswers(@TempDir Path dir) {
        CredentialStore store = KeyringCredentialStore.systemOrFile("OxiSync-test-" + System.nanoTime(), dir);
        Credentials c = new Credentials.AppPassword("u", "p");
        store.save("probe-account", c);
        try {
            assertEquals(Optional.of(c), store.load("probe-account"));
        } finally {
            store.delete("probe-account");
        }
        assertEquals(Optional.empty(), store.load("probe-account"));
    }

    @Test
    void frameBodyStreamsExactFramesFromTheFile(@TempDir Path dir) throws Exception {
        // Exercised through a MockWebServer so the bytes on the wire are what is checked.
        byte[] data = "0123456789abcdefghij".getBytes(StandardCharsets.UTF_8);
        Path f = dir.resolve("f");
        Files.write(f, data);
        try (MockWebServer server = new MockWebServer()) {
            server.enqueue(Fixtures.json("{\"received\":[{\"h\":\"" + Fixtures.blake3("2345".getBytes()) + "\",\"s\":4},"
                    + "{\"h\":\"" + Fixtures.blake3("abcdefghij".getBytes()) + "\",\"s\":10}]}"));
            server.enqueue(Fixtures.json("{}"));
            server.start();
            MemoryCredentialStore store = new MemoryCredentialStore();
            store.save("a", new Credentials.AppPassword("u", "p"));
            try (OxiCloudApi api = HttpOxiCloudApi.create(ApiConfig.builder(server.url("/").uri(), "a").credentialStore(store)
                    .retryPolicy(RetryPolicy.NONE).build())) {
                api.putChunks(f, java.util.List.of(new ChunkSlice(Fixtures.blake3("2345".getBytes()), 2, 4),
                        new ChunkSlice(Fixtures.blake3("abcdefghij".getBytes()), 10, 10)));
                var body = server.takeRequest().getBody();
                okio.Buffer expected = new okio.Buffer().writeInt(4).writeUtf8("2345").writeInt(10).writeUtf8("abcdefghij");
                assertEquals(expected.readByteString(), body);
                // a slice past the end of the (now shorter) file fails typed, with nothing claimed as uploaded
                assertThrows(OxiCloudException.LocalFileChanged.class,
                        () -> api.putChunks(f, java.util.List.of(new ChunkSlice("c".repeat(64), 15, 10))));
            }
        }
    }

    @Test
    void multipartUploadSendsFolderIdBeforeTheFile(@TempDir Path dir) throws Exception {
        Path f = dir.resolve("x.txt");
        Files.writeString(f, "hello");
        try (MockWebServer server = new MockWebServer()) {
            server.enqueue(Fixtures.json(201, Fixtures.fileJson(Fixtures.FILE_ID, "x.txt")));
            server.start();
            MemoryCredentialStore store = new MemoryCredentialStore();
            store.save("a", new Credentials.AppPassword("u", "p"));
            try (OxiCloudApi api = HttpOxiCloudApi.create(ApiConfig.builder(server.url("/").uri(), "a").credentialStore(store).build())) {
                api.upload(Fixtures.FOLDER_ID, "x.txt", f);
            }
            String body = server.takeRequest().getBody().utf8();
            int folder = body.indexOf("name=\"folder_id\"");
            int file = body.indexOf("name=\"file\"; filename=\"x.txt\"");
            assertTrue(folder >= 0 && file > folder, body);
            assertTrue(body.contains("hello"));
        }
    }
}
