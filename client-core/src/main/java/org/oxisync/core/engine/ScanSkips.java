package org.oxisync.core.engine;

import java.util.Map;
import org.oxisync.core.plan.EntryKind;
import org.oxisync.core.plan.LocalEntry;
import org.oxisync.core.scan.ScanProblem;
import org.oxisync.core.scan.ScanResult;

/**
 * Puts the scan's problems that no plan action reports into the run's skipped list: files it could not read (locked,
 * unreadable, gone or changing while they were hashed) and folders it could not list. The scan presents those as the
 * journal last saw them, so the run neither uploads nor deletes them; the report says why they were left for the next
 * run (docs/local-faults.md). Links and special files are left out here: the plan reports them as Skip actions.
 */
final class ScanSkips {
    private ScanSkips() {}

    static void report(ScanResult scan, RunTally tally) {
        if (scan.problems().isEmpty()) {
            return;
        }
        Map<String, LocalEntry> byPath = scan.snapshot().byPath();
        for (ScanProblem p : scan.problems()) {
            LocalEntry e = byPath.get(p.path());
            if (e != null && (e.kind() == EntryKind.SYMLINK || e.kind() == EntryKind.OTHER)) {
                continue;
            }
            tally.skipped(p.path(), p.why());
        }
    }
}
