package org.oxisync.app.commands;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.PrintWriter;
import java.util.List;
import java.util.concurrent.Callable;
import org.oxisync.app.AppContext;
import org.oxisync.protocol.DriveDto;
import org.oxisync.protocol.IncomingShareDto;
import org.oxisync.protocol.OxiCloudException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import org.oxisync.app.state.Bytes;
import org.oxisync.app.control.ExitCodes;
import org.oxisync.app.control.Show;

/**
 * {@code oxisync drives}: every drive the account can reach (its Personal drive and the Shared drives it is a member
 * of) and the folders and files others shared with it, each with the account's role, and a drive's quota and use.
 * Asks the server ({@code GET /api/drives}, {@code GET /api/grants/incoming/resources}); changes nothing.
 */
@Command(name = "drives", mixinStandardHelpOptions = true,
        description = "List the drives and the items shared with you, with your role, quota and use.")
public final class DrivesCommand implements Callable<Integer> {
    @Mixin AccountHomeOption homeOption;
    @Spec CommandSpec spec;

    @Option(names = "--json", description = "Print {\"drives\": [...], \"shares\": [...]} as one JSON object.")
    boolean json;

    @Override
    public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        return LoggedIn.run(homeOption, err, "oxisync drives: not logged in; run `oxisync login SERVER_URL` first",
                ExitCodes.CONFIG, ctx -> list(ctx, out, err));
    }

    private int list(AppContext ctx, PrintWriter out, PrintWriter err) {
        List<DriveDto> drives;
        List<IncomingShareDto> shares;
        try {
            drives = ctx.api().drives();
            // drives already list the drive grants; the shares are the single folders and files
            shares = ctx.api().incomingShares().stream().filter(s -> !s.resourceType().equals("drive")).toList();
        } catch (OxiCloudException e) {
            err.println("oxisync drives: " + e.getMessage());
            return e instanceof OxiCloudException.AuthExpired ? ExitCodes.CONFIG : ExitCodes.ITEMS_FAILED;
        }
        if (json) {
            out.println(toJson(drives, shares));
        } else {
            printTable(drives, shares, out);
        }
        return ExitCodes.OK;
    }

    static String toJson(List<DriveDto> drives, List<IncomingShareDto> shares) {
        ObjectMapper m = new ObjectMapper();
        ObjectNode root = m.createObjectNode();
        ArrayNode d = root.putArray("drives");
        for (DriveDto x : drives) {
            ObjectNode n = d.addObject();
            n.put("id", x.id());
            n.put("name", x.name());
            n.put("kind", x.kind());
            n.put("role", x.role().map(r -> r.wireName()).orElse(null));
            n.put("root_folder_id", x.rootFolderId());
            n.put("quota_bytes", x.quotaBytes());
            n.put("used_bytes", x.usedBytes());
            if (x.freeBytes().isPresent()) {
                n.put("free_bytes", x.freeBytes().getAsLong());
            } else {
                n.putNull("free_bytes");
            }
        }
        ArrayNode s = root.putArray("shares");
        for (IncomingShareDto x : shares) {
            ObjectNode n = s.addObject();
            n.put("type", x.resourceType());
            n.put("id", x.resourceId());
            n.put("name", x.name());
            n.put("role", x.role().wireName());
            ArrayNode p = n.putArray("permissions");
            x.permissions().forEach(p::add);
            n.put("root_folder_id", x.rootFolderId().orElse(null));
            n.put("granted_by", x.grantedBy());
            n.put("granted_at", x.grantedAt());
        }
        return root.toString();
    }

    static void printTable(List<DriveDto> drives, List<IncomingShareDto> shares, PrintWriter out) {
        int w = Math.max(5, drives.stream().mapToInt(x -> Show.shown(x.name()).length()).max().orElse(0));
        out.printf("%-" + w + "s  %-8s  %-11s  %10s  %10s  %10s  %s%n", "DRIVE", "KIND", "ROLE", "USED", "QUOTA",
                "FREE", "ID");
        for (DriveDto x : drives) {
            out.printf("%-" + w + "s  %-8s  %-11s  %10s  %10s  %10s  %s%n", Show.shown(x.name()), x.kind(),
                    x.role().map(r -> r.wireName()).orElse("?"),
                    x.usedBytes() == null ? "?" : Bytes.human(x.usedBytes()),
                    x.quotaBytes() == null ? "none" : Bytes.human(x.quotaBytes()),
                    x.freeBytes().isPresent() ? Bytes.human(x.freeBytes().getAsLong()) : "-", x.id());
        }
        out.println();
        if (shares.isEmpty()) {
            out.println("Nothing else is shared with you.");
            return;
        }
        int ws = Math.max(14, shares.stream().mapToInt(x -> Show.shown(x.name()).length()).max().orElse(0));
        out.printf("%-" + ws + "s  %-6s  %-11s  %s%n", "SHARED WITH YOU", "TYPE", "ROLE", "ID");
        for (IncomingShareDto x : shares) {
            out.printf("%-" + ws + "s  %-6s  %-11s  %s%n", Show.shown(x.name()), x.resourceType(), x.role().wireName(),
                    x.resourceId());
        }
    }

}
