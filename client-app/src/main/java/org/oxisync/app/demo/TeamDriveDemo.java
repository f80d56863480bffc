package org.oxisync.app.demo;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.oxisync.app.AppContext;
import org.oxisync.app.PairDrive;
import org.oxisync.core.engine.SyncEngine;
import org.oxisync.core.engine.SyncOptions;
import org.oxisync.core.engine.SyncReport;
import org.oxisync.emulator.OxiCloudEmulator;
import org.oxisync.emulator.RemoteClient;
import org.oxisync.store.account.Account;
import org.oxisync.store.account.FolderPair;

/**
 * The demo's team drive: another user ("carol") owns a Shared drive "Team" with a roadmap in it and made the demo
 * user an Editor. The demo pairs a second folder with that drive and syncs it.
 */
final class TeamDriveDemo {
    static final String OWNER = "carol";
    static final String DRIVE = "Team";

    private TeamDriveDemo() {}

    static SyncReport run(OxiCloudEmulator server, AppContext ctx, Path local, SyncEngine engine, SyncOptions options,
                          PrintWriter out) throws IOException {
        server.addUser(OWNER, "carol-" + java.util.UUID.randomUUID(), null);
        String drive = server.drives().createShared(DRIVE, OWNER, 1L << 30);
        server.drives().setMember(drive, DemoCommand.USER, "editor");
        RemoteClient carol = server.drives().remote(OWNER, drive);
        carol.mkdirs("/Roadmap");
        carol.putFile("/Roadmap/2026.md", "# 2026\n\n- shared drives\n- one-way pairs\n".getBytes(StandardCharsets.UTF_8));
        out.println("  server: " + OWNER + " made the Shared drive '" + DRIVE + "' (1 GiB) and you an Editor");

        Files.createDirectories(local);
        Account account = ctx.store().accounts().account().orElseThrow();
        PairDrive where = PairDrive.resolve(ctx.api(), account, DRIVE);
        FolderPair pair = FolderPair.create(DRIVE, local.toString(), where.rootFolderId(), "/");
        // as `pair add --drive Team` does: the drive, and the rights the caller's role gives (two-way, editor), so the
        // first run plans within them instead of learning the role from a refusal
        pair = ctx.store().accounts().savePair(org.oxisync.core.engine.PairRightsSettings.write(
                pair.withSettings(where.settings(Map.of())),
                new org.oxisync.core.plan.PairRights(org.oxisync.core.plan.SyncMode.TWO_WAY, where.role(), false, Map.of())));
        out.println("  paired " + local + " <-> " + DRIVE + ":/ (your role: " + where.role().wireName()
                + "; like `oxisync pair add " + local.getFileName() + " / --drive " + DRIVE + "`)");
        return engine.runOnce(pair, options);
    }
}
