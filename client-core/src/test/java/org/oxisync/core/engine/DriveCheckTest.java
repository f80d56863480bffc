package org.oxisync.core.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Proxy;
import java.nio.file.Path;
import java.time.Clock;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.oxisync.core.plan.PairRights;
import org.oxisync.core.plan.SyncMode;
import org.oxisync.core.reason.Reason;
import org.oxisync.core.reason.ReasonCode;
import org.oxisync.protocol.DriveDto;
import org.oxisync.protocol.OxiCloudApi;
import org.oxisync.protocol.Role;
import org.oxisync.store.LocalStore;
import org.oxisync.store.StoreOptions;
import org.oxisync.store.account.FolderPair;

/** The check before a run of a pair on a Shared drive: the drive list read once, names and roles as it says. */
class DriveCheckTest {
    @TempDir
    Path tmp;
    private final AtomicInteger calls = new AtomicInteger();

    private OxiCloudApi serverSays(String name, String callerRole) {
        return (OxiCloudApi) Proxy.newProxyInstance(getClass().getClassLoader(), new Class<?>[] {OxiCloudApi.class},
                (proxy, m, args) -> {
                    if (m.getName().equals("drives")) {
                        calls.incrementAndGet();
                        return List.of(new DriveDto("d1", name, "shared", null, "root1", null, 0L, null, "", "",
                                callerRole));
                    }
                    throw new UnsupportedOperationException(m.getName());
                });
    }

    private OxiCloudApi noDrives() {
        return (OxiCloudApi) Proxy.newProxyInstance(getClass().getClassLoader(), new Class<?>[] {OxiCloudApi.class},
                (proxy, m, args) -> {
                    if (m.getName().equals("drives")) {
                        return List.of();
                    }
                    throw new UnsupportedOperationException(m.getName());
                });
    }

    private int pairs;

    private FolderPair pair(LocalStore store, Role serverRole, Role syncRole) {
        Map<String, String> s = new HashMap<>();
        s.put(DriveRoleSource.KIND, "shared");
        s.put(DriveRoleSource.DRIVE_ID, "d1");
        s.put(DriveCheck.NAME, "Team");
        s.put(DriveCheck.SERVER_ROLE, serverRole.wireName());
        FolderPair p = FolderPair.create("team" + pairs++, tmp.resolve("p" + pairs).toString(), "root1", "/").withSettings(s);
        return store.accounts().savePair(PairRightsSettings.write(p,
                new PairRights(SyncMode.TWO_WAY, syncRole, false, Map.of())));
    }

    private LocalStore store() {
        return LocalStore.open(tmp.resolve("data"), "u", Clock.systemUTC(), StoreOptions.DEFAULT);
    }

    @Test
    void aRoleAlreadyAppliedDuringARunDoesNotStopTheNextRun() {
        try (LocalStore store = store()) {
            FolderPair p = pair(store, Role.EDITOR, Role.VIEWER); // RoleChange stored viewer mid-run
            DriveCheck.Verdict v = DriveCheck.before(serverSays("Team", "viewer"), store, p, false);
            FolderPair now = assertInstanceOf(DriveCheck.Go.class, v).pair();
            assertEquals("viewer", now.settings().get(DriveCheck.SERVER_ROLE));
            assertEquals(Role.VIEWER, PairRightsSettings.read(now).role());
        }
    }

    @Test
    void aRaisedRoleKeepsARoleTheUserNarrowed() {
        try (LocalStore store = store()) {
            FolderPair p = pair(store, Role.EDITOR, Role.VIEWER); // narrowed by `pair set --role viewer`
            FolderPair now = assertInstanceOf(DriveCheck.Go.class,
                    DriveCheck.before(serverSays("Team", "owner"), store, p, false)).pair();
            assertEquals("owner", now.settings().get(DriveCheck.SERVER_ROLE));
            assertEquals(Role.VIEWER, PairRightsSettings.read(now).role());
            FolderPair plain = pair(store, Role.EDITOR, Role.EDITOR);
            FolderPair raised = assertInstanceOf(DriveCheck.Go.class,
                    DriveCheck.before(serverSays("Team", "owner"), store, plain, false)).pair();
            assertEquals(Role.OWNER, PairRightsSettings.read(raised).role());
        }
    }

    @Test
    void aDryRunStoresNothingAndAPersonalPairAsksNothing() {
        try (LocalStore store = store()) {
            FolderPair p = pair(store, Role.EDITOR, Role.EDITOR);
            assertInstanceOf(DriveCheck.Stop.class, DriveCheck.before(serverSays("Team 2", "viewer"), store, p, true));
            assertEquals("Team", store.accounts().pair(p.id()).orElseThrow().settings().get(DriveCheck.NAME));
            assertEquals(Role.EDITOR, PairRightsSettings.read(store.accounts().pair(p.id()).orElseThrow()).role());
            calls.set(0);
            FolderPair personal = store.accounts().savePair(FolderPair.create("home", tmp.resolve("home").toString(), "r", "/"));
            assertInstanceOf(DriveCheck.Go.class, DriveCheck.before(serverSays("x", "owner"), store, personal, false));
            assertEquals(0, calls.get(), "a Personal-drive pair costs no request");
        }
    }

    @Test
    void aDriveNoLongerListedStopsThePairNamingTheDriveForTheDesktopApp() {
        try (LocalStore store = store()) {
            FolderPair p = pair(store, Role.EDITOR, Role.EDITOR);
            Reason why = assertInstanceOf(DriveCheck.Stop.class, DriveCheck.before(noDrives(), store, p, false))
                    .reason();
            assertEquals(ReasonCode.REMOTE_FOLDER_GONE, why.code());
            assertEquals(Map.of("drive", "Team", "driveKind", "shared", "folder", p.localRoot()), why.args());
            assertTrue(why.detail().contains("the shared drive 'Team'"), why.detail());
        }
    }

    @Test
    void aRootGoneDuringARunIsSaidInTheDrivesTermsOnlyWhenTheDriveItselfIsGone() {
        try (LocalStore store = store()) {
            FolderPair p = pair(store, Role.EDITOR, Role.EDITOR);
            Reason driveGone = DriveCheck.gone(noDrives(), p);
            assertEquals("Team", driveGone.args().get("drive"));
            Reason folderGone = DriveCheck.gone(serverSays("Team", "editor"), p);
            assertEquals(ReasonCode.REMOTE_FOLDER_GONE, folderGone.code());
            assertFalse(folderGone.args().containsKey("drive"), "the drive is there: the pair's folder in it is gone");
            FolderPair personal = store.accounts().savePair(FolderPair.create("home", tmp.resolve("home").toString(), "r", "/"));
            calls.set(0);
            assertFalse(DriveCheck.gone(serverSays("x", "owner"), personal).args().containsKey("drive"));
            assertEquals(0, calls.get(), "a Personal-drive pair costs no request");
        }
    }
}
