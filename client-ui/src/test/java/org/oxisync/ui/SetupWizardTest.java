package org.oxisync.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.oxisync.ui.UiTestSupport.screenshot;
import static org.oxisync.ui.UiTestSupport.waitUntil;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.HexFormat;
import javafx.scene.control.Label;
import javafx.scene.control.ListView;
import javafx.scene.control.TextField;
import javafx.stage.Stage;
import okhttp3.tls.HeldCertificate;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.oxisync.app.AppConfig;
import org.oxisync.app.AppHome;
import org.oxisync.emulator.config.EmulatorConfig;
import org.oxisync.emulator.OxiCloudEmulator;
import org.oxisync.emulator.RemoteClient;
import org.oxisync.ui.app.Shell;
import org.oxisync.ui.model.FolderSelection;
import org.oxisync.ui.view.SelectiveTree;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/** The first-run wizard against the emulator: server check, device-flow sign-in, folders, preview, first sync. */
@ExtendWith(ApplicationExtension.class)
class SetupWizardTest {
    @TempDir Path tmp;
    private Stage stage;
    private OxiCloudEmulator emulator;
    private Shell shell;

    @Start
    void start(Stage stage) {
        this.stage = stage;
    }

    @AfterEach
    void tearDown() throws Exception {
        UiTestSupport.close(shell);
        if (emulator != null) {
            emulator.close();
        }
    }

    private void openShell(AppHome home) throws Exception {
        shell = UiTestSupport.openShell(stage, home);
    }

    @Test
    void wizardSignsInThroughTheBrowserFlowPreviewsAndRunsTheFirstSync(FxRobot robot) throws Exception {
        emulator = OxiCloudEmulator.start(EmulatorConfig.builder().user("alice", "secret").build());
        RemoteClient remote = emulator.remote("alice");
        remote.putFile("/Documents/report.txt", "quarterly report".getBytes(StandardCharsets.UTF_8));
        remote.putFile("/Documents/notes/todo.txt", "buy milk".getBytes(StandardCharsets.UTF_8));
        remote.putFile("/Photos/beach.jpg", new byte[300_000]);
        remote.putFile("/readme.txt", "hello".getBytes(StandardCharsets.UTF_8));
        Path local = tmp.resolve("OxiSync");
        Files.createDirectories(local);
        Files.writeString(local.resolve("from-laptop.txt"), "made here");
        AppHome home = new AppHome(tmp.resolve("home"), true);
        openShell(home);

        robot.clickOn("#server-url").write(emulator.baseUrl());
        screenshot(stage.getScene(), "wizard-1-server");
        robot.clickOn("#wizard-next");
        waitUntil("the sign-in step", 60, () -> robot.lookup("#method-browser").tryQuery().isPresent());
        screenshot(stage.getScene(), "wizard-2-sign-in");

        robot.clickOn("#wizard-next");
        Label code = robot.lookup("#device-code").queryAs(Label.class);
        waitUntil("the device code is shown", 60, () -> !code.getText().isBlank() && code.isVisible());
        screenshot(stage.getScene(), "wizard-3-device-code");
        emulator.approveDevice(code.getText(), "alice");

        waitUntil("the remote folder step", 60, () -> robot.lookup("#remote-tree").tryQuery().isPresent());
        AppConfig saved = AppConfig.load(home.configFile());
        assertEquals("alice", saved.user(), "the account is recorded in the config the CLI reads");
        waitUntil("the tree lists the server's folders", 60, () -> robot.lookup("Documents").tryQuery().isPresent());
        screenshot(stage.getScene(), "wizard-4-remote-folder");
        robot.clickOn("#wizard-next");

        waitUntil("the local folder step", 60, () -> robot.lookup("#local-folder").tryQuery().isPresent());
        TextField path = robot.lookup("#local-folder").queryAs(TextField.class);
        WaitForAsyncUtils.asyncFx(() -> path.setText(local.toString())).get();
        robot.clickOn("#local-folder");
        robot.clickOn("#wizard-next");
        waitUntil("the selective sync step", 60, () -> robot.lookup("#selective-list").tryQuery().isPresent());
        FolderSelection sel = robot.lookup("#selective-list").queryAs(SelectiveTree.class).selection();
        assertEquals(2, sel.root().children().size(), "Documents and Photos are offered");
        waitUntil("sizes are counted", 60, () -> sel.root().children().stream().allMatch(f -> f.size.get() != null));
        robot.clickOn("Photos");
        assertEquals(FolderSelection.Mark.EXCLUDED, sel.find("Photos").mark.get(), "Photos is unticked");
        screenshot(stage.getScene(), "wizard-5-selective-sync");
        robot.clickOn("#wizard-next");

        waitUntil("the preview", 60, () -> robot.lookup("#plan-list").tryQuery()
                .map(n -> !((ListView<?>) n).getItems().isEmpty()).orElse(false));
        ListView<?> plan = robot.lookup("#plan-list").queryAs(ListView.class);
        assertTrue(plan.getItems().stream().anyMatch(l -> l.toString().contains("report.txt")), "downloads are previewed");
        assertTrue(plan.getItems().stream().anyMatch(l -> l.toString().contains("from-laptop.txt")), "uploads are previewed");
        assertTrue(plan.getItems().stream().noneMatch(l -> l.toString().contains("beach.jpg")), "excluded folders are not");
        assertFalse(Files.exists(local.resolve("readme.txt")), "the preview changes nothing");
        screenshot(stage.getScene(), "wizard-6-review");

        robot.clickOn("#wizard-next");
        waitUntil("the first sync downloads and uploads", 60, () -> Files.exists(local.resolve("Documents/notes/todo.txt"))
                && remote.exists("/from-laptop.txt"));
        assertFalse(Files.exists(local.resolve("Photos")), "unticked folders stay on the server only");
        waitUntil("the main window is idle", 60, () -> !shell.status().busyProperty().get()
                && shell.status().pairs().stream().allMatch(r -> r.lastRunProperty().get() != null));
        screenshot(stage.getScene(), "main-idle");
    }

    @Test
    void serverProblemsAreExplainedInPlainWords(FxRobot robot) throws Exception {
        emulator = OxiCloudEmulator.start(EmulatorConfig.builder().user("alice", "secret").build());
        openShell(new AppHome(tmp.resolve("home"), true));

        robot.clickOn("#server-url").write("http://127.0.0.1:9");
        robot.clickOn("#wizard-next");
        waitUntil("the unreachable message", 20, () -> problemTitle(robot).startsWith("Cannot reach"));
        screenshot(stage.getScene(), "wizard-error-unreachable");

        emulator.faults().failNext(1, "GET", "/api/version", 200, "{\"name\":\"OxiCloud\",\"version\":\"0.7.2\"}");
        TextField url = robot.lookup("#server-url").queryAs(TextField.class);
        WaitForAsyncUtils.asyncFx(() -> url.setText(emulator.baseUrl())).get();
        robot.clickOn("#wizard-next");
        waitUntil("the too-old message", 20, () -> problemTitle(robot).contains("too old"));

        emulator.faults().failNext(1, "GET", "/api/version", 200, "{\"name\":\"Nextcloud\",\"version\":\"29.0.0\"}");
        robot.clickOn("#wizard-next");
        waitUntil("the not-OxiCloud message", 20, () -> problemTitle(robot).contains("not an OxiCloud server"));

        robot.clickOn("#wizard-next");
        waitUntil("the sign-in step once the server answers well", 20,
                () -> robot.lookup("#method-password").tryQuery().isPresent());
        robot.clickOn("#method-password");
        robot.clickOn("#login-user").write("alice");
        robot.clickOn("#login-password").write("wrong");
        robot.clickOn("#wizard-next");
        waitUntil("the sign-in failure", 20, () -> problemTitle(robot).equals("Sign-in failed"));
        screenshot(stage.getScene(), "wizard-error-sign-in");
        assertFalse(AppConfig.load(new AppHome(tmp.resolve("home"), true).configFile()).hasAccount(),
                "a failed sign-in records no account");
    }

    /** An address without a scheme finds the http server as quickly as {@code oxisync login} does. */
    @Test
    void anAddressWithoutASchemeFindsAnHttpServerInSeconds(FxRobot robot) throws Exception {
        emulator = OxiCloudEmulator.start(EmulatorConfig.builder().user("alice", "secret").build());
        openShell(new AppHome(tmp.resolve("home"), true));
        robot.clickOn("#server-url").write(emulator.baseUrl().substring("http://".length()));
        long t0 = System.nanoTime();
        robot.clickOn("#wizard-next");
        waitUntil("the sign-in step", 20, () -> robot.lookup("#method-password").tryQuery().isPresent());
        assertTrue(System.nanoTime() - t0 < 15_000_000_000L, "found in seconds");
    }

    /** https asked of an http-only server: said at once, with the address that answers, never a long wait. */
    @Test
    void httpsAskedOfAnHttpServerSaysItAnswersOnlyOverHttp(FxRobot robot) throws Exception {
        emulator = OxiCloudEmulator.start(EmulatorConfig.builder().user("alice", "secret").build());
        openShell(new AppHome(tmp.resolve("home"), true));
        String https = "https://" + emulator.baseUrl().substring("http://".length());
        robot.clickOn("#server-url").write(https);
        robot.clickOn("#wizard-next");
        waitUntil("the http-only message", 20, () -> problemTitle(robot).contains("does not answer over https"));
        String text = robot.lookup("#wizard-problem").lookup("#notice-text").tryQuery()
                .map(n -> ((Label) n).getText()).orElse("");
        assertTrue(text.isEmpty() || text.contains(emulator.baseUrl()), text);
    }

    /** After signing in with Enter, a Down key moves in the folder tree; it never changes how the pair syncs. */
    @Test
    void aDownKeyAfterSigningInWithEnterDoesNotChangeThePairsMode(FxRobot robot) throws Exception {
        emulator = OxiCloudEmulator.start(EmulatorConfig.builder().user("alice", "secret").build());
        openShell(new AppHome(tmp.resolve("home"), true));
        robot.clickOn("#server-url").write(emulator.baseUrl());
        robot.clickOn("#wizard-next");
        waitUntil("the sign-in step", 20, () -> robot.lookup("#method-password").tryQuery().isPresent());
        robot.clickOn("#method-password");
        robot.clickOn("#login-user").write("alice");
        robot.clickOn("#login-password").write("secret");
        robot.type(javafx.scene.input.KeyCode.ENTER);
        waitUntil("the server folder step", 30, () -> robot.lookup("#mode-chooser").tryQuery().isPresent()
                && robot.lookup("#remote-tree").tryQuery().isPresent());
        WaitForAsyncUtils.sleep(1, java.util.concurrent.TimeUnit.SECONDS); // the drives and the tree have loaded
        java.util.function.Supplier<String> selected = () -> robot.lookup(".radio-button").queryAllAs(
                javafx.scene.control.RadioButton.class).stream().filter(javafx.scene.control.RadioButton::isSelected)
                .map(javafx.scene.Node::getId).findFirst().orElse("none");
        String before = WaitForAsyncUtils.asyncFx(selected::get).get();
        robot.type(javafx.scene.input.KeyCode.DOWN);
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(before, WaitForAsyncUtils.asyncFx(selected::get).get(), "the mode is as it was");
        javafx.scene.Node owner = WaitForAsyncUtils.asyncFx(() -> stage.getScene().getFocusOwner()).get();
        assertFalse(owner instanceof javafx.scene.control.RadioButton, "focus on " + owner);
    }

    private static String problemTitle(FxRobot robot) {
        return robot.lookup("#wizard-problem").lookup("#notice-title").queryAs(Label.class).getText();
    }

    @Test
    void waitingForTheBrowserCanBeCancelledAndAnotherWayChosen(FxRobot robot) throws Exception {
        emulator = OxiCloudEmulator.start(EmulatorConfig.builder().user("alice", "secret").build());
        AppHome home = new AppHome(tmp.resolve("home"), true);
        openShell(home);
        robot.clickOn("#server-url").write(emulator.baseUrl());
        robot.clickOn("#wizard-next");
        waitUntil("the sign-in step", 60, () -> robot.lookup("#method-browser").tryQuery().isPresent());
        robot.clickOn("#wizard-next");
        Label code = robot.lookup("#device-code").queryAs(Label.class);
        waitUntil("the device code is shown", 60, () -> !code.getText().isBlank() && code.isVisible());
        String userCode = code.getText();

        robot.clickOn("#device-cancel");
        waitUntil("the wait for the approval has ended", 60, () -> shell.background().pending() == 0);
        assertFalse(robot.lookup("#device-box").query().isVisible(), "the code is no longer shown");
        assertFalse(robot.lookup("#method-browser").query().isDisabled(), "the methods can be chosen again");
        assertEquals("", problemTitle(robot), "cancelling is not an error");
        emulator.approveDevice(userCode, "alice"); // too late: nobody waits for it any more
        assertFalse(AppConfig.load(home.configFile()).hasAccount(), "a cancelled sign-in records no account");

        robot.clickOn("#method-password");
        robot.clickOn("#login-user").write("alice");
        robot.clickOn("#login-password").write("secret");
        robot.clickOn("#wizard-next");
        waitUntil("signed in the other way", 60, () -> robot.lookup("#remote-tree").tryQuery().isPresent());
    }

    @Test
    void selfSignedCertificateIsShownWithItsFingerprintAndTrustedOnlyWhenAccepted(FxRobot robot) throws Exception {
        emulator = OxiCloudEmulator.start(EmulatorConfig.builder().user("alice", "secret").build());
        HeldCertificate cert = new HeldCertificate.Builder().commonName("cloud.home.test")
                .addSubjectAlternativeName("127.0.0.1").addSubjectAlternativeName("localhost").build();
        String sha256 = HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(cert.certificate().getEncoded()));
        AppHome home = new AppHome(tmp.resolve("home"), true);
        try (TlsRelay tls = new TlsRelay(cert, java.net.URI.create(emulator.baseUrl()).getPort())) {
            openShell(home);
            robot.clickOn("#server-url").write(tls.baseUrl());
            robot.clickOn("#wizard-next");
            waitUntil("the certificate is shown", 20, () -> robot.lookup("#certificate-fingerprint").tryQuery().isPresent());
            String shown = robot.lookup("#certificate-fingerprint").queryAs(Label.class).getText();
            assertEquals(sha256.toUpperCase(java.util.Locale.ROOT), shown.replace(":", "").replace("\n", ""),
                    "the SHA-256 fingerprint, grouped for reading");
            assertTrue(robot.lookup("#wizard-next").queryButton().getText().contains("Trust"));
            screenshot(stage.getScene(), "wizard-certificate");

            robot.clickOn("#certificate-refuse");
            waitUntil("refusing explains that nothing was connected", 10, () -> problemTitle(robot).equals("Not connected"));
            assertTrue(robot.lookup("#certificate-fingerprint").tryQuery().isEmpty(), "the certificate is gone");
            assertTrue(robot.lookup("#server-url").tryQuery().isPresent(), "still at the address step");
            assertFalse(AppConfig.load(home.configFile()).hasAccount());

            robot.clickOn("#wizard-next");
            waitUntil("the certificate is shown again", 20,
                    () -> robot.lookup("#certificate-fingerprint").tryQuery().isPresent());
            robot.clickOn("#wizard-next"); // Trust and continue
            waitUntil("the sign-in step over the pinned connection", 20,
                    () -> robot.lookup("#method-password").tryQuery().isPresent());
            robot.clickOn("#method-password");
            robot.clickOn("#login-user").write("alice");
            robot.clickOn("#login-password").write("secret");
            robot.clickOn("#wizard-next");
            waitUntil("signed in", 60, () -> robot.lookup("#remote-tree").tryQuery().isPresent());
            AppConfig saved = AppConfig.load(home.configFile());
            assertEquals(tls.baseUrl(), saved.server());
            assertEquals(sha256, saved.pinnedSha256().toLowerCase(java.util.Locale.ROOT),
                    "exactly the accepted certificate is pinned");
        }
    }
}
