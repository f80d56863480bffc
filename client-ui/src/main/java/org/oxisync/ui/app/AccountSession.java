package org.oxisync.ui.app;

import java.time.Clock;
import java.util.Optional;
import org.oxisync.app.AppContext;
import org.oxisync.app.NamedAccount;
import org.oxisync.store.LocalStore;
import org.oxisync.ui.i18n.I18n;
import org.oxisync.ui.model.ActivityModel;
import org.oxisync.ui.model.ConflictsModel;
import org.oxisync.ui.model.ErrorsModel;
import org.oxisync.ui.model.HeldBack;
import org.oxisync.ui.model.StatusModel;
import org.oxisync.ui.model.VersionsModel;
import org.oxisync.ui.ops.ConflictActions;
import org.oxisync.ui.ops.VersionActions;
import org.oxisync.ui.sync.SyncBackend;
import org.oxisync.ui.base.Background;

/**
 * One account of the home as the desktop app syncs it: its own context (API client, store, delta budget), its own
 * sync backend, and the view-models the main window shows while the account is selected (status and pair cards,
 * activity, conflicts, errors, versions). The app keeps one per account and syncs them all at once; the window shows
 * one at a time (docs/accounts.md, "The desktop app").
 */
final class AccountSession {
    private final NamedAccount account;
    private final AppContext ctx;
    private final StatusModel status;
    private final ActivityModel activity;
    private final ConflictsModel conflicts;
    private final ErrorsModel errors;
    private final VersionsModel versions;
    private SyncBackend backend;
    /** The command line's store changes for this account while the app holds its store (null until it syncs). */
    private org.oxisync.app.service.ControlSocket.Verbs verbs;

    private final I18n i18n;

    AccountSession(I18n i18n, NamedAccount account, AppContext ctx, Clock clock, Background background) {
        this.i18n = i18n;
        this.account = account;
        this.ctx = ctx;
        this.status = new StatusModel(i18n, clock);
        status.setServer(account.server());
        this.activity = new ActivityModel(ctx::store, background, () -> HeldBack.all(i18n, status));
        this.conflicts = new ConflictsModel(ctx::store, () -> new ConflictActions(ctx.store(), clock), background);
        this.errors = new ErrorsModel(i18n, ctx::store, status, background);
        this.versions = new VersionsModel(ctx::store, () -> new VersionActions(ctx.store(), clock), background);
    }

    NamedAccount account() {
        return account;
    }

    String name() {
        return account.name();
    }

    AppContext ctx() {
        return ctx;
    }

    LocalStore store() {
        return ctx.store();
    }

    StatusModel status() {
        return status;
    }

    ActivityModel activity() {
        return activity;
    }

    ConflictsModel conflicts() {
        return conflicts;
    }

    ErrorsModel errors() {
        return errors;
    }

    VersionsModel versions() {
        return versions;
    }

    Optional<SyncBackend> backend() {
        return Optional.ofNullable(backend);
    }

    void setBackend(SyncBackend backend, org.oxisync.app.service.ControlSocket.Verbs verbs) {
        this.backend = backend;
        this.verbs = verbs;
    }

    Optional<org.oxisync.app.service.ControlSocket.Verbs> verbs() {
        return Optional.ofNullable(verbs);
    }

    /** Re-reads conflicts, errors, activity and versions from the store; updates the badges. */
    void reloadLists() {
        conflicts.reload(this::updateCounts);
        errors.reload(this::updateCounts);
        activity.reload();
        versions.reload();
    }

    /** "Recent changes" after a restart: the last changes of earlier sessions, from the activity log. */
    void seedRecentChanges(Background background) {
        background.run(() -> {
            java.util.List<java.util.Map.Entry<java.time.Instant, String>> out = new java.util.ArrayList<>();
            for (org.oxisync.store.status.Activity a : store().activity().recent(40)) {
                String verb = switch (a.kind() == null ? "" : a.kind()) {
                    case "upload" -> "recent.upload";
                    case "download" -> "recent.download";
                    case "delete-local" -> "recent.deleteLocal";
                    case "delete-remote" -> "recent.deleteRemote";
                    case "restore" -> "recent.restore";
                    default -> a.kind() != null && a.kind().startsWith("move") ? "recent.move" : null;
                };
                if (verb != null && a.path() != null && !a.path().isBlank() && a.time() != null
                        && out.size() < StatusModel.RECENT_ITEMS) {
                    out.add(0, java.util.Map.entry(a.time(), i18n.t(verb, "file", a.path())));
                }
            }
            return out;
        }, status::seedRecent, e -> org.slf4j.LoggerFactory.getLogger(AccountSession.class)
                .debug("no recent changes to show: {}", e.toString()));
    }

    void updateCounts() {
        status.setConflicts(conflicts.rows().size());
    }

    /** Takes its backend away (the caller closes it); the account no longer syncs. */
    SyncBackend takeBackend() {
        SyncBackend b = backend;
        backend = null;
        verbs = null;
        return b;
    }
}
