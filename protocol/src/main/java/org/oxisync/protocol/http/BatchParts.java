package org.oxisync.protocol.http;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.function.Function;
import org.oxisync.protocol.BatchFailureDto;
import org.oxisync.protocol.BatchStatsDto;
import org.oxisync.protocol.Limits;
import org.oxisync.protocol.Resource;

/**
 * One batch endpoint over many ids ({@code batch_handler.rs}): calls of at most {@link Limits#MAX_BATCH_IDS} ids, each
 * reply read as a result also when it is the 400 of "every id failed", every returned row checked (its shape, then
 * its name: a row with an unsafe name is reported as a failed id), and the parts merged.
 *
 * @param <T> the row type (files or folders)
 */
final class BatchParts<T extends Resource> {
    /** How to call the endpoint and read its reply type {@code R}. */
    record Endpoint<T, R>(String path, boolean idempotent, Function<List<String>, Object> body, Class<R> type,
                          Function<R, List<T>> rows, Function<R, List<BatchFailureDto>> failures,
                          Function<R, BatchStatsDto> stats, Consumer<T> shapeCheck) {}

    private final List<T> ok = new ArrayList<>();
    private final List<BatchFailureDto> failed = new ArrayList<>();
    private long time;
    private long total;

    private BatchParts() {
    }

    static <T extends Resource, R> BatchParts<T> call(Calls c, FolderCalls replies, List<String> ids,
                                                      Endpoint<T, R> e) {
        BatchParts<T> out = new BatchParts<>();
        for (int i = 0; i < ids.size(); i += Limits.MAX_BATCH_IDS) {
            List<String> part = List.copyOf(ids.subList(i, Math.min(ids.size(), i + Limits.MAX_BATCH_IDS)));
            part.forEach(Calls::id);
            String what = "POST /" + e.path();
            R r = c.transport.call(Transport.Spec.of("POST", c.url(e.path()).build(), c.json.body(e.body().apply(part)))
                    .idempotent(e.idempotent()).passingErrors(),
                    resp -> replies.batchResult(resp, what, e.type(), e.failures()));
            List<T> rows = e.rows().apply(r);
            for (T row : rows == null ? List.<T>of() : rows) {
                e.shapeCheck().accept(row);
                Optional<String> unsafe = Calls.unsafeName(row);
                if (unsafe.isPresent()) {
                    out.failed.add(new BatchFailureDto(row.id(), unsafe.get()));
                } else {
                    out.ok.add(row);
                }
            }
            List<BatchFailureDto> f = e.failures().apply(r);
            if (f != null) {
                out.failed.addAll(f);
            }
            BatchStatsDto s = e.stats().apply(r);
            out.time += s == null ? 0 : s.executionTimeMs();
            out.total += part.size();
        }
        return out;
    }

    List<T> ok() {
        return ok;
    }

    List<BatchFailureDto> failed() {
        return failed;
    }

    BatchStatsDto stats() {
        return new BatchStatsDto(total, ok.size(), failed.size(), time);
    }
}
