package org.oxisync.app.control;

import java.io.PrintWriter;
import org.oxisync.core.engine.ItemError;
import org.oxisync.core.engine.SyncReport;
import org.oxisync.app.state.Bytes;

/** The short human summary of {@code sync-once}. */
public final class ReportPrinter {
    private ReportPrinter() {}

    private static final java.util.regex.Pattern BYTES = java.util.regex.Pattern.compile("\\b(\\d+) B\\b");

    /** A skip line's reason starts with the plan's own code ("(SERVER_NAME: the name …)"), which is not for people. */
    private static final java.util.regex.Pattern SKIP_CODE = java.util.regex.Pattern.compile(
            "^(skip\\s+.*?\\()[A-Z][A-Z_]*: ");

    /**
     * A plan line in the CLI's words: the engine's plan lines say "2000000 B", the CLI's one convention is binary
     * units ({@link Bytes}); a skip line says why in a sentence, without the plan's code.
     */
    public static String sizes(String planLine) {
        String line = SKIP_CODE.matcher(planLine).replaceFirst("$1");
        return BYTES.matcher(line).replaceAll(m -> Bytes.human(Long.parseLong(m.group(1))));
    }

    public static void print(SyncReport r, boolean dryRun, PrintWriter out) {
        print(r, "", dryRun, out);
    }

    /**
     * @param account the account's name and a slash ({@code "alice@host/"}) when the home has several accounts,
     *                else empty: the pair's label reads {@code [alice@host/Docs]}
     */
    public static void print(SyncReport r, String account, boolean dryRun, PrintWriter out) {
        String label = "[" + account + r.pair() + "] ";
        if (dryRun) {
            out.println(label + "plan (dry run, nothing changed):");
            if (r.plan().isEmpty()) {
                out.println("  nothing to do");
            }
            r.plan().forEach(line -> out.println("  " + sizes(line)));
            String totals = PlanTotals.of(r.plan()).describe();
            if (!totals.isEmpty()) {
                out.println("  in all: " + totals);
            }
        }
        out.println(label + Show.said(r.status().wireName(), r.message()));
        if (!dryRun && r.status() != org.oxisync.core.engine.SyncStatus.FAILED) {
            out.println("  uploaded " + r.uploaded() + ", downloaded " + r.downloaded() + ", deleted "
                    + r.deletedLocal() + " local / " + r.deletedRemote() + " remote, moved " + r.moved()
                    + ", conflicts " + r.conflicts());
            out.println("  sent " + Bytes.human(r.bytesSent()) + ", received " + Bytes.human(r.bytesReceived())
                    + ", reused " + Bytes.human(r.bytesReused()) + " in " + r.elapsed().toMillis() + " ms");
        }
        if (r.status() == org.oxisync.core.engine.SyncStatus.STOPPED) {
            r.plan().stream().filter(l -> l.startsWith("delete") || l.startsWith("trash")).limit(20)
                    .forEach(l -> out.println("  " + sizes(l)));
        }
        for (ItemError e : r.errors()) {
            out.println("  error: " + e.path() + ": " + e.reason());
        }
        for (ItemError e : r.skipped()) {
            out.println("  skipped: " + e.path() + ": " + e.reason());
        }
    }
}
