package org.oxisync.ui.app;

import java.util.Optional;
import java.util.function.Supplier;
import org.oxisync.app.service.MassDeleteChoice;
import org.oxisync.ui.i18n.I18n;
import org.oxisync.ui.model.FeedBridge;
import org.oxisync.ui.model.PairRow;
import org.oxisync.ui.model.SettingsModel;
import org.oxisync.ui.sync.SyncFeed;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.oxisync.ui.text.ReasonText;
import org.oxisync.ui.text.Describe;

/**
 * What an account's sync tells the window besides its state: a conflict or an error re-reads that list and, when
 * Settings allows notifications, becomes a tray notification (with several accounts, its title names the account);
 * a mass delete stopped by the guard asks the user. Split off {@link Shell}, which makes each account's feed here.
 */
final class SyncNotices {
    private static final Logger LOG = LoggerFactory.getLogger(SyncNotices.class);

    private final I18n i18n;
    private final Windows windows;
    private final AccountSessions accounts;
    private final SettingsModel settings;
    private final Supplier<Optional<TrayPort>> tray;

    /** @param tray the tray, once installed (none before {@link Shell#start()} or where there is no tray) */
    SyncNotices(I18n i18n, Windows windows, AccountSessions accounts, SettingsModel settings,
                Supplier<Optional<TrayPort>> tray) {
        this.i18n = i18n;
        this.windows = windows;
        this.accounts = accounts;
        this.settings = settings;
        this.tray = tray;
    }

    /** The feed {@code s}'s sync reports to: its status, its notices, its mass-delete question. */
    SyncFeed feed(AccountSession s) {
        MassDeleteDialog massDelete = new MassDeleteDialog(i18n, windows, name -> s.status().row(name)
                .map(PairRow::pair).orElse(null), (pair, choice) -> answerMassDelete(s, pair, choice));
        return new FeedBridge(i18n, s.status(), n -> notice(s, n), s::reloadLists, massDelete::show);
    }

    private void answerMassDelete(AccountSession s, String pair, MassDeleteChoice choice) {
        LOG.info("mass-delete guard of {} ({}): the user chose {}", pair, s.name(), choice);
        s.backend().ifPresent(b -> b.answerMassDelete(pair, choice));
    }

    private void notice(AccountSession s, FeedBridge.Notice n) {
        if (n.kind() == FeedBridge.Notice.Kind.CONFLICT) {
            s.conflicts().reload(s::updateCounts);
        } else {
            s.errors().reload(s::updateCounts);
        }
        if (settings.notificationsProperty().get()) {
            boolean conflict = n.kind() == FeedBridge.Notice.Kind.CONFLICT;
            // with several accounts the title says whose pair it is
            String pair = accounts.all().size() > 1
                    ? i18n.t("accounts.pairOf", "pair", n.pair(), "account", s.name()) : n.pair();
            String title = conflict ? i18n.t("notify.conflict.title", "pair", pair)
                    : i18n.t("notify.error.title", "pair", pair);
            String subject = Describe.subject(n.path());
            String text = conflict ? n.message()
                    : ReasonText.message(i18n, n.reason(), n.message(), s.account().server(), subject);
            tray.get().ifPresent(t -> t.notify(title, text, !conflict));
        }
    }
}
