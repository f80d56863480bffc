package org.oxisync.app.commands;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import org.oxisync.core.engine.ItemError;
import org.oxisync.core.engine.SyncReport;
import org.oxisync.core.engine.SyncStatus;

/**
 * The {@code --json} output of {@code sync-once}: one object with the totals of all pairs ({@code status},
 * {@code uploaded}, ... {@code errors: [{path, reason, code, args}]}) and a {@code pairs} array with each pair's own
 * report (with {@code code} and {@code args} when the pair's run failed or stopped as a whole), each tagged with the
 * name of the account the pair belongs to ({@code account}; pair names are unique only within an account,
 * docs/accounts.md).
 */
final class ReportJson {
    private static final ObjectMapper JSON = new ObjectMapper();

    private ReportJson() {}

    /** One pair's report and the name of the account it belongs to. */
    record Tagged(String account, SyncReport report) {
    }

    static String toJson(List<Tagged> reports) {
        java.io.StringWriter w = new java.io.StringWriter();
        write(reports, w);
        return w.toString();
    }

    /**
     * Writes the object to {@code out} as it goes: a first sync of 100,000 files has 100,000 plan lines, and a tree
     * of them plus its text would be the run's largest allocation (about 40 MB at the very end).
     */
    static void write(List<Tagged> tagged, java.io.Writer out) {
        List<SyncReport> reports = tagged.stream().map(Tagged::report).toList();
        try (JsonGenerator g = JSON.getFactory().createGenerator(out)) {
            g.disable(JsonGenerator.Feature.AUTO_CLOSE_TARGET);
            g.writeStartObject();
            g.writeStringField("status", overall(reports).wireName());
            fill(g, reports);
            g.writeArrayFieldStart("pairs");
            for (Tagged t : tagged) {
                SyncReport r = t.report();
                g.writeStartObject();
                g.writeStringField("pair", r.pair());
                g.writeStringField("account", t.account());
                g.writeStringField("status", r.status().wireName());
                g.writeStringField("message", r.message());
                if (r.problem() != null) { // why the run failed or stopped as a whole, by kind
                    g.writeStringField("code", r.problem().wireCode());
                    args(g, r.problem().args());
                }
                fill(g, List.of(r));
                g.writeNumberField("elapsed_ms", r.elapsed().toMillis());
                g.writeArrayFieldStart("plan");
                for (String line : r.plan()) {
                    g.writeString(line);
                }
                g.writeEndArray();
                g.writeEndObject();
            }
            g.writeEndArray();
            g.writeEndObject();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static String error(String message) {
        java.io.StringWriter w = new java.io.StringWriter();
        try (JsonGenerator g = JSON.getFactory().createGenerator(w)) {
            g.writeStartObject();
            g.writeStringField("status", SyncStatus.FAILED.wireName());
            fill(g, List.of());
            g.writeStringField("message", message);
            g.writeEndObject();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return w.toString();
    }

    private static void fill(JsonGenerator g, List<SyncReport> rs) throws IOException {
        g.writeNumberField("uploaded", rs.stream().mapToInt(SyncReport::uploaded).sum());
        g.writeNumberField("downloaded", rs.stream().mapToInt(SyncReport::downloaded).sum());
        g.writeNumberField("deleted_local", rs.stream().mapToInt(SyncReport::deletedLocal).sum());
        g.writeNumberField("deleted_remote", rs.stream().mapToInt(SyncReport::deletedRemote).sum());
        g.writeNumberField("moved", rs.stream().mapToInt(SyncReport::moved).sum());
        g.writeNumberField("conflicts", rs.stream().mapToInt(SyncReport::conflicts).sum());
        g.writeNumberField("bytes_sent", rs.stream().mapToLong(SyncReport::bytesSent).sum());
        g.writeNumberField("bytes_received", rs.stream().mapToLong(SyncReport::bytesReceived).sum());
        g.writeNumberField("bytes_reused", rs.stream().mapToLong(SyncReport::bytesReused).sum());
        g.writeArrayFieldStart("errors");
        for (SyncReport r : rs) {
            for (ItemError e : r.errors()) {
                item(g, e);
            }
        }
        g.writeEndArray();
        g.writeArrayFieldStart("skipped");
        for (SyncReport r : rs) {
            for (ItemError e : r.skipped()) {
                item(g, e);
            }
        }
        g.writeEndArray();
    }

    /**
     * {@code {path, reason, code, args}}: {@code reason} the English sentence (as before), {@code code} its kind
     * ({@link org.oxisync.core.reason.ReasonCode}'s name), {@code args} its values (only when it has some).
     */
    private static void item(JsonGenerator g, ItemError e) throws IOException {
        g.writeStartObject();
        g.writeStringField("path", e.path());
        g.writeStringField("reason", e.reason());
        g.writeStringField("code", e.why().wireCode());
        args(g, e.why().args());
        g.writeEndObject();
    }

    private static void args(JsonGenerator g, java.util.Map<String, String> args) throws IOException {
        if (!args.isEmpty()) {
            g.writeObjectFieldStart("args");
            for (java.util.Map.Entry<String, String> a : args.entrySet()) {
                g.writeStringField(a.getKey(), a.getValue());
            }
            g.writeEndObject();
        }
    }

    /** The worst status: failed > stopped > partial > ok. */
    static SyncStatus overall(List<SyncReport> rs) {
        SyncStatus s = SyncStatus.OK;
        for (SyncReport r : rs) {
            s = rank(r.status()) > rank(s) ? r.status() : s;
        }
        return s;
    }

    private static int rank(SyncStatus s) {
        return switch (s) {
            case OK -> 0;
            case PARTIAL -> 1;
            case STOPPED -> 2;
            case FAILED -> 3;
        };
    }
}
