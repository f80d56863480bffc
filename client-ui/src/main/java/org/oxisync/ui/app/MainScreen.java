package org.oxisync.ui.app;

import java.time.Clock;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import javafx.scene.Node;
import org.oxisync.app.AppConfig;
import org.oxisync.ui.i18n.I18n;
import org.oxisync.ui.model.StatusModel;
import org.oxisync.ui.view.AccountsPanel;
import org.oxisync.ui.view.ActivityPane;
import org.oxisync.ui.view.Actions;
import org.oxisync.ui.view.ConflictsPane;
import org.oxisync.ui.view.ErrorsPane;
import org.oxisync.ui.view.MainView;
import org.oxisync.ui.view.StatusPane;
import org.oxisync.ui.view.VersionsPane;

/**
 * The main window's content for the account it shows: the sections (status, activity, conflicts, errors, versions),
 * the accounts sidebar, the banner and the title that name the account when there are several.
 */
final class MainScreen {
    /**
     * What the window's parts ask of the shell: show another account, add one, and after a change on disk made from
     * the window (a conflict resolved) reload the lists and sync; {@code sectionShown} hears the section opened.
     */
    record Hooks(Consumer<String> selectAccount, Runnable addAccount, Runnable afterLocalChange,
                 Consumer<MainView.Section> sectionShown) {}

    private MainScreen() {}

    static MainView view(I18n i18n, Clock clock, AccountSession shown, List<AccountSession> all, Actions actions,
                         Hooks hooks) {
        StatusModel status = shown.status();
        Map<MainView.Section, Node> panes = new EnumMap<>(MainView.Section.class);
        panes.put(MainView.Section.STATUS, new StatusPane(i18n, status, actions));
        panes.put(MainView.Section.ACTIVITY, new ActivityPane(i18n, shown.activity(), actions, clock));
        panes.put(MainView.Section.CONFLICTS, new ConflictsPane(i18n, shown.conflicts(), actions, clock,
                hooks.afterLocalChange()));
        panes.put(MainView.Section.ERRORS, new ErrorsPane(i18n, shown.errors(), actions));
        panes.put(MainView.Section.VERSIONS, new VersionsPane(i18n, shown.versions(), actions, clock));
        AppConfig c = shown.account().config();
        Node accountsNode = AccountsPanel.of(i18n, all.stream()
                .map(x -> new AccountsPanel.Entry(x.name(), x.status())).toList(),
                shown.name(), hooks.selectAccount(), hooks.addAccount(), c.user() + " · " + host(c.server()));
        return new MainView(i18n, status, actions, panes, accountsNode, all.size() > 1
                ? i18n.t("accounts.banner", "name", shown.name(), "user", c.user(), "host", host(c.server())) : "",
                hooks.sectionShown());
    }

    static String title(I18n i18n, AccountSession shown, int accounts) {
        return accounts > 1 ? i18n.t("window.mainForAccount", "name", shown.name()) : i18n.t("app.name");
    }

    static String host(String server) {
        try {
            return java.net.URI.create(server).getAuthority();
        } catch (RuntimeException e) {
            return server;
        }
    }
}
