package org.oxisync.ui.app;

import java.util.HashMap;
import java.util.Map;
import java.util.function.BiConsumer;
import java.util.function.Function;
import javafx.scene.control.Alert;
import javafx.scene.control.Button;
import javafx.scene.control.ButtonBar;
import javafx.scene.control.ButtonType;
import javafx.scene.layout.Region;
import org.oxisync.core.plan.MassDeleteGuard;
import org.oxisync.app.service.MassDeleteChoice;
import org.oxisync.store.account.FolderPair;
import org.oxisync.ui.i18n.I18n;

/**
 * Asks what to do when the mass-delete guard stopped a pair's run (the CLI exits 3 instead): how many files of which
 * pair would be deleted on which side, "Keep them" (copied back to the side where they are missing; the default
 * button, also Esc and the window's close button, since it deletes nothing) or "Delete them" (the CLI's
 * {@code --allow-mass-delete}, for the next run only). One dialog per pair: a later stop while it is open updates its
 * counts. FX thread only.
 */
public final class MassDeleteDialog {
    private final Windows windows;
    private final Function<String, FolderPair> pairs;
    private final BiConsumer<String, MassDeleteChoice> answer;
    private final Map<String, Alert> open = new HashMap<>();

    private final I18n i18n;

    /**
     * @param pairs the pair of a name (null when unknown)
     * @param answer given the user's choice for the pair (to the sync backend)
     */
    public MassDeleteDialog(I18n i18n, Windows windows, Function<String, FolderPair> pairs,
                            BiConsumer<String, MassDeleteChoice> answer) {
        this.i18n = i18n;
        this.windows = windows;
        this.pairs = pairs;
        this.answer = answer;
    }

    /** Shows the question for {@code pair}, or updates the one on screen. */
    public void show(String pair, MassDeleteGuard.Verdict v) {
        Alert shown = open.get(pair);
        if (shown != null) {
            fill(shown, pair, v);
            return;
        }
        ButtonType keep = new ButtonType(i18n.t("massDelete.keep"), ButtonBar.ButtonData.CANCEL_CLOSE);
        ButtonType delete = new ButtonType(i18n.t("massDelete.delete"), ButtonBar.ButtonData.OTHER);
        Alert a = new Alert(Alert.AlertType.WARNING, "", delete, keep);
        windows.prepare(a, "mass-delete");
        a.setTitle(i18n.t("massDelete.window"));
        Button keepButton = (Button) a.getDialogPane().lookupButton(keep);
        Button deleteButton = (Button) a.getDialogPane().lookupButton(delete);
        keepButton.setId("mass-delete-keep");
        deleteButton.setId("mass-delete-delete");
        keepButton.setDefaultButton(true); // Enter keeps the files; deleting takes Tab or the mnemonic first
        deleteButton.setDefaultButton(false);
        for (Button b : new Button[] {keepButton, deleteButton}) {
            ButtonBar.setButtonUniformSize(b, false);
            b.setMinWidth(Region.USE_PREF_SIZE);
        }
        a.getDialogPane().setMinWidth(Region.USE_PREF_SIZE);
        a.getDialogPane().setPrefWidth(540);
        a.setResizable(true);
        fill(a, pair, v);
        a.setOnHidden(e -> {
            open.remove(pair);
            answer.accept(pair, a.getResult() == delete ? MassDeleteChoice.DELETE : MassDeleteChoice.RESTORE);
        });
        open.put(pair, a);
        a.show();
        keepButton.requestFocus();
    }

    /** The open question for {@code pair}, if any (tests and the tray). */
    public java.util.Optional<Alert> dialog(String pair) {
        return java.util.Optional.ofNullable(open.get(pair));
    }

    private void fill(Alert a, String pair, MassDeleteGuard.Verdict v) {
        FolderPair p = pairs.apply(pair);
        String local = p == null ? pair : p.localRoot().toString();
        String remote = p == null ? "" : p.remotePath();
        int total = v.localFileDeletes() + v.remoteFileDeletes();
        a.setHeaderText(i18n.t("massDelete.header", "count", total, "pair", pair));
        StringBuilder text = new StringBuilder();
        if (v.remoteFileDeletes() > 0) {
            text.append(i18n.t("massDelete.remote", "count", v.remoteFileDeletes(), "local", local, "remote", remote,
                    "total", v.pairFileCount()));
        }
        if (v.localFileDeletes() > 0) {
            text.append(text.isEmpty() ? "" : "\n\n").append(i18n.t("massDelete.local", "count", v.localFileDeletes(),
                    "local", local, "remote", remote, "total", v.pairFileCount()));
        }
        text.append("\n\n").append(i18n.t("massDelete.help"));
        a.setContentText(text.toString());
    }
}
