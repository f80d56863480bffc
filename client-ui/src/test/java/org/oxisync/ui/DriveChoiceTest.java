package org.oxisync.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.oxisync.app.AppContext;
import org.oxisync.app.AppHome;
import org.oxisync.emulator.config.EmulatorConfig;
import org.oxisync.emulator.OxiCloudEmulator;
import org.oxisync.protocol.Role;
import org.oxisync.store.account.Account;
import org.oxisync.ui.setup.DriveChoice;

/** What the drive picker offers, read from the emulator's drives and shares as from a real server. */
class DriveChoiceTest {
    @TempDir Path tmp;
    private OxiCloudEmulator emulator;

    @AfterEach
    void stop() {
        emulator.close();
    }

    @Test
    void thePersonalDriveFirstThenSharedDrivesThenFoldersSharedWithMeEachWithTheRoleAndQuota() throws Exception {
        emulator = OxiCloudEmulator.start(EmulatorConfig.builder().user("alice", "secret").user("carol", "pw-carol")
                .build());
        String zeta = emulator.drives().createShared("Zeta", "carol", 2048L);
        emulator.drives().setMember(zeta, "alice", "contributor");
        emulator.drives().remote("carol", zeta).putFile("/a.bin", new byte[1000]);
        String alpha = emulator.drives().createShared("Alpha", "carol", null);
        emulator.drives().setMember(alpha, "alice", "viewer");
        String plans = emulator.remote("carol").mkdirs("/Plans");
        emulator.remote("carol").putFile("/memo.txt", "memo".getBytes(StandardCharsets.UTF_8));
        emulator.drives().shareFolder(plans, "alice", "editor", "carol");
        emulator.drives().shareFile(emulator.remote("carol").fileId("/memo.txt"), "alice", "viewer", "carol");
        emulator.drives().createShared("Hidden", "carol", null); // alice is no member

        AppHome home = new AppHome(tmp.resolve("home"), true);
        UiTestSupport.setUpAccount(home, emulator.baseUrl(), "alice", "secret", tmp.resolve("Cloud"), List.of());
        try (AppContext ctx = new AppContext(home, Clock.systemDefaultZone())) {
            Account account = ctx.store().accounts().account().orElseThrow();
            List<DriveChoice> choices = DriveChoice.list(ctx.api(), account);
            assertEquals(List.of("personal", "shared", "shared", "folder"),
                    choices.stream().map(DriveChoice::kind).toList(), "a shared file cannot be paired: " + choices);
            assertEquals(account.driveId(), choices.get(0).id());
            assertEquals(Role.OWNER, choices.get(0).role());
            assertEquals(List.of("Alpha", "Zeta", "Plans"), choices.subList(1, 4).stream().map(DriveChoice::name).toList());
            assertEquals(Role.VIEWER, choices.get(1).role());
            assertNull(choices.get(1).quotaBytes(), "no quota, no free space shown");
            assertEquals(Role.CONTRIBUTOR, choices.get(2).role());
            assertEquals(2048L - emulator.drives().usedBytes(zeta), choices.get(2).freeBytes().getAsLong());
            assertEquals(Role.EDITOR, choices.get(3).role());
            assertEquals(plans, choices.get(3).rootFolderId(), "a shared folder is browsed from itself");
        }
    }
}
