package org.oxisync.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.oxisync.ui.UiTestSupport.screenshot;
import static org.oxisync.ui.UiTestSupport.waitUntil;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import javafx.application.Platform;
import javafx.scene.control.DialogPane;
import javafx.scene.control.Label;
import javafx.scene.control.TextField;
import javafx.scene.control.ToggleButton;
import javafx.stage.Stage;
import javafx.stage.Window;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.oxisync.app.AccountList;
import org.oxisync.app.AppConfig;
import org.oxisync.app.AppContext;
import org.oxisync.app.AppHome;
import org.oxisync.app.cli.OxiSyncMain;
import org.oxisync.emulator.config.EmulatorConfig;
import org.oxisync.emulator.OxiCloudEmulator;
import org.oxisync.store.account.Account;
import org.oxisync.ui.app.Shell;
import org.oxisync.ui.i18n.I18n;
import org.oxisync.ui.model.LoginSession;
import org.oxisync.ui.setup.PairSetup;
import org.oxisync.ui.setup.RemoteFolder;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * Several accounts in the desktop app (issue 16): two users on two servers listed in the sidebar and both synced at
 * once, each account's pairs shown when it is chosen; "Add account…" signs in to another server without disturbing
 * the first; "Remove account…" asks first, stops that account's sync and deletes no file. With one account the
 * window looks as it always did. Screenshots: target/screenshots/accounts-*.png.
 */
@ExtendWith(ApplicationExtension.class)
class AccountsWindowTest {
    /** The words the app shows in these tests (the test JVM's language, English), to compare with. */
    private static final I18n ENGLISH = I18n.english();
    @TempDir Path tmp;
    private Stage stage;
    private OxiCloudEmulator one;
    private OxiCloudEmulator two;
    private AppHome home;
    private Shell shell;
    private Path a;
    private Path b;

    @Start
    void start(Stage stage) {
        this.stage = stage;
    }

    @BeforeEach
    void servers() throws Exception {
        one = OxiCloudEmulator.start(EmulatorConfig.builder().user("alice", "secret").build());
        two = OxiCloudEmulator.start(EmulatorConfig.builder().user("bob", "bob-secret").build());
        home = new AppHome(tmp.resolve("home"), true);
        a = tmp.resolve("A");
        b = tmp.resolve("B");
        one.remote("alice").putFile("/from-alice.txt", text("alice's"));
        two.remote("bob").putFile("/Work/from-bob.txt", text("bob's"));
    }

    @AfterEach
    void tearDown() throws Exception {
        UiTestSupport.close(shell);
        one.close();
        two.close();
    }

    private static byte[] text(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    /** Signs in as {@code user} and pairs {@code local} with the drive root, in that account's own store. */
    private void setUp(OxiCloudEmulator server, String user, String password, Path local) throws Exception {
        try (AppContext ctx = new AppContext(home, Clock.systemDefaultZone());
             LoginSession s = new LoginSession(ctx, server.baseUrl(), null)) {
            s.loginWithPassword(user, password);
            Account acc = s.finish();
            String name = ctx.accounts().byKey(AppConfig.accountKey(server.baseUrl(), user)).orElseThrow().name();
            try (AppContext bound = ctx.forAccount(name)) {
                new PairSetup(bound).create(local, new RemoteFolder(acc.rootFolderId(), "All files", "/"), List.of());
            }
        }
    }

    private void openShell() throws Exception {
        shell = UiTestSupport.openShell(stage, home);
    }

    private List<String> shownPairs() throws Exception {
        return WaitForAsyncUtils.asyncFx(() -> shell.status().pairs().stream().map(r -> r.pair().name()).toList())
                .get();
    }

    private String cliStatusJson() {
        StringWriter o = new StringWriter();
        int code = OxiSyncMain.run(new PrintWriter(o), new PrintWriter(new StringWriter()), "status", "--json",
                "--home", home.dir().toString());
        assertEquals(0, code, o::toString);
        return o.toString();
    }

    @Test
    void twoAccountsAreListedInTheSidebarBothSyncAndEachShowsItsOwnPairs(FxRobot robot) throws Exception {
        setUp(one, "alice", "secret", a);
        setUp(two, "bob", "bob-secret", b);
        openShell();
        waitUntil("both accounts' files are downloaded", 60, () -> Files.exists(a.resolve("from-alice.txt"))
                && Files.exists(b.resolve("Work/from-bob.txt")));
        assertEquals(List.of("alice@127.0.0.1", "bob@127.0.0.1"), shell.accountNames());
        assertTrue(robot.lookup("#accounts-list").tryQuery().isPresent(), "the sidebar lists the accounts");
        assertEquals("alice@127.0.0.1", robot.lookup("#account-1").queryAs(ToggleButton.class).getText());
        assertEquals("bob@127.0.0.1", robot.lookup("#account-2").queryAs(ToggleButton.class).getText());
        assertTrue(robot.lookup("#account-1").queryAs(ToggleButton.class).isSelected());
        assertTrue(robot.lookup("#account-banner").queryAs(Label.class).getText().contains("alice@127.0.0.1"),
                "every section says whose pairs it shows");
        assertEquals(List.of("A"), shownPairs());
        waitUntil("alice's pair is idle", 60, () -> shell.status().pairs().stream()
                .allMatch(r -> r.lastRunProperty().get() != null));
        screenshot(stage.getScene(), "accounts-two");

        robot.clickOn("#account-2");
        waitUntil("bob's account is shown", 60, () -> shell.shownAccount().equals("bob@127.0.0.1"));
        assertEquals(List.of("B"), shownPairs());
        assertTrue(robot.lookup("#account-banner").queryAs(Label.class).getText().contains("bob@127.0.0.1"));
        assertTrue(robot.lookup("#account-2").queryAs(ToggleButton.class).isSelected());
        List<String> problems = WaitForAsyncUtils.asyncFx(() -> A11yAudit.problems(stage.getScene().getRoot())).get();
        assertTrue(problems.isEmpty(), String.join("\n", problems));
        waitUntil("bob's pair is idle", 60, () -> shell.status().pairs().stream()
                .allMatch(r -> r.lastRunProperty().get() != null));
        screenshot(stage.getScene(), "accounts-second-shown");

        // both sync while one is shown: a local change of each goes to its own server
        Files.writeString(a.resolve("up-alice.txt"), "from A");
        Files.writeString(b.resolve("up-bob.txt"), "from B");
        waitUntil("both uploads", 60, () -> one.remote("alice").exists("/up-alice.txt")
                && two.remote("bob").exists("/up-bob.txt"));
        assertFalse(two.remote("bob").exists("/up-alice.txt"), "each pair goes to its own account");
        String status = cliStatusJson();
        assertEquals(2, new com.fasterxml.jackson.databind.ObjectMapper().readTree(status).get("accounts").size(),
                status);
    }

    @Test
    void addAccountSignsInToAnotherServerAndSyncsItWithoutDisturbingTheFirst(FxRobot robot) throws Exception {
        setUp(one, "alice", "secret", a);
        openShell();
        waitUntil("alice's file", 60, () -> Files.exists(a.resolve("from-alice.txt")));
        assertTrue(robot.lookup("#account-label").tryQuery().isPresent(), "one account: the sidebar as always");
        assertFalse(robot.lookup("#accounts-list").tryQuery().isPresent());
        assertFalse(robot.lookup("#account-banner").tryQuery().isPresent());

        WaitForAsyncUtils.asyncFx(shell::addAccount).get();
        robot.clickOn("#server-url").write(two.baseUrl());
        robot.clickOn("#wizard-next");
        waitUntil("the sign-in step", 60, () -> robot.lookup("#method-password").tryQuery().isPresent());
        robot.clickOn("#method-password");
        robot.clickOn("#login-user").write("bob");
        robot.clickOn("#login-password").write("bob-secret");
        robot.clickOn("#wizard-next");
        waitUntil("the remote folder step", 60, () -> robot.lookup("#remote-tree").tryQuery().isPresent());
        screenshot(robot.lookup("#remote-tree").query().getScene(), "accounts-add-wizard");
        robot.clickOn("#wizard-next");
        waitUntil("the local folder step", 60, () -> robot.lookup("#local-folder").tryQuery().isPresent());
        TextField path = robot.lookup("#local-folder").queryAs(TextField.class);
        WaitForAsyncUtils.asyncFx(() -> path.setText(b.toString())).get();
        robot.clickOn("#local-folder");
        robot.clickOn("#wizard-next");
        waitUntil("the selective sync step", 60, () -> robot.lookup("#selective-list").tryQuery().isPresent());
        robot.clickOn("#wizard-next");
        // the review first says "preparing" while the pair is saved in the background; ready, it names the folder
        waitUntil("the review naming the new local folder", 60, () -> robot.lookup("#review-text").tryQuery()
                .map(n -> ((Label) n).getText().contains(b.toString())
                        && !robot.lookup("#wizard-next").query().isDisabled()).orElse(false));
        robot.clickOn("#wizard-next");

        waitUntil("bob's file in the new pair", 60, () -> Files.exists(b.resolve("Work/from-bob.txt")));
        waitUntil("both accounts listed", 60, () -> shell.accountNames().size() == 2);
        assertEquals("bob@127.0.0.1", shell.shownAccount(), "the new account is shown");
        assertTrue(robot.lookup("#accounts-list").tryQuery().isPresent());
        AccountList saved = AccountList.load(home.configFile());
        assertEquals(List.of("alice@127.0.0.1", "bob@127.0.0.1"), saved.names());
        screenshot(stage.getScene(), "accounts-added");

        // the first account goes on syncing
        one.remote("alice").putFile("/later.txt", text("later"));
        one.flushTreeEtags();
        WaitForAsyncUtils.asyncFx(() -> shell.showAccount("alice@127.0.0.1")).get();
        WaitForAsyncUtils.asyncFx(shell::syncNow).get();
        waitUntil("alice's later file", 60, () -> Files.exists(a.resolve("later.txt")));
    }

    @Test
    void removeAccountAsksFirstStopsItsSyncAndDeletesNoFile(FxRobot robot) throws Exception {
        setUp(one, "alice", "secret", a);
        setUp(two, "bob", "bob-secret", b);
        openShell();
        waitUntil("both accounts' files", 60, () -> Files.exists(a.resolve("from-alice.txt"))
                && Files.exists(b.resolve("Work/from-bob.txt")));
        robot.clickOn("#account-2");
        waitUntil("bob's account is shown", 60, () -> shell.shownAccount().equals("bob@127.0.0.1"));

        Platform.runLater(() -> shell.settingsActions().removeAccount());
        waitUntil("the question", 60, () -> robot.lookup(".dialog-pane").tryQuery().isPresent());
        DialogPane dialog = robot.lookup(".dialog-pane").queryAs(DialogPane.class);
        assertTrue(dialog.getContentText().contains("bob@127.0.0.1") && dialog.getContentText().contains("(1)"),
                "it says the account still has a pair: " + dialog.getContentText());
        screenshot(dialog.getScene(), "accounts-remove-confirm");
        robot.clickOn(ENGLISH.t("confirm.removeAccount.ok"));

        waitUntil("the account is gone", 60, () -> shell.accountNames().equals(List.of("alice@127.0.0.1")));
        waitUntil("alice is shown", 60, () -> shell.shownAccount().equals("alice@127.0.0.1"));
        assertEquals(List.of("alice@127.0.0.1"), AccountList.load(home.configFile()).names());
        assertTrue(Files.exists(b.resolve("Work/from-bob.txt")), "no file of the removed account is deleted");
        assertTrue(two.remote("bob").exists("/Work/from-bob.txt"), "nor on its server");
        assertTrue(robot.lookup("#account-label").tryQuery().isPresent(), "one account again: the sidebar as always");
        assertTrue(Window.getWindows().stream().noneMatch(w -> w.getScene() != null
                && w.getScene().getRoot() instanceof DialogPane), "the question is closed");
        screenshot(stage.getScene(), "accounts-removed");

        // alice still syncs
        Files.writeString(a.resolve("after.txt"), "still syncing");
        waitUntil("alice's upload", 60, () -> one.remote("alice").exists("/after.txt"));
    }
}
