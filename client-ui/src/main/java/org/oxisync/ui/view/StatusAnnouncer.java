package org.oxisync.ui.view;

import javafx.beans.value.ObservableBooleanValue;
import javafx.beans.value.ObservableStringValue;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import javafx.scene.AccessibleAttribute;
import javafx.scene.control.Label;
import org.oxisync.ui.i18n.I18n;

/**
 * JavaFX has no ARIA live region; this is its equivalent for the main window's status. When the overall state
 * settles (sync finished, a problem, conflicts waiting, paused, offline) or "Sync now" gets an answer, the status
 * label's accessible text becomes "Status: …" and the label notifies {@link AccessibleAttribute#TEXT}, which the
 * platform's screen reader (Narrator, VoiceOver) reads out. While a sync runs, its item count changes many times a
 * second: only its start is announced, not every count. FX thread only.
 */
public final class StatusAnnouncer {
    /** How many announcements {@link #announcements()} keeps. */
    static final int KEPT = 20;

    private final Label target;
    private final ObservableBooleanValue busy;
    private final ObservableList<String> said = FXCollections.observableArrayList();
    /** One read-only view, kept: a view listens to its list weakly, and a listener on a fresh one can be collected. */
    private final ObservableList<String> saidView = FXCollections.unmodifiableObservableList(said);
    private boolean busyAnnounced;

    private final I18n i18n;

    /**
     * @param target the status label that carries the announcement (the headline)
     * @param state the overall state in words
     * @param busy whether a sync runs
     * @param answer the answer to "Sync now" (empty when none)
     */
    public StatusAnnouncer(I18n i18n, Label target, ObservableStringValue state, ObservableBooleanValue busy,
                           ObservableStringValue answer) {
        this.i18n = i18n;
        this.target = target;
        this.busy = busy;
        state.addListener((o, a, b) -> stateChanged(b));
        answer.addListener((o, a, b) -> {
            if (b != null && !b.isBlank()) {
                announce(b);
            }
        });
        busy.addListener((o, a, b) -> {
            if (!b) {
                busyAnnounced = false;
            }
        });
        target.setAccessibleText(i18n.t("accessible.status", "state", state.get() == null ? "" : state.get()));
    }

    private void stateChanged(String text) {
        if (text == null || text.isBlank()) {
            return;
        }
        if (busy.get()) {
            if (busyAnnounced) {
                target.setAccessibleText(i18n.t("accessible.status", "state", text)); // current when focused, not read out
                return;
            }
            busyAnnounced = true;
        }
        announce(text);
    }

    private void announce(String text) {
        String words = i18n.t("accessible.status", "state", text);
        target.setAccessibleText(words);
        target.notifyAccessibleAttributeChanged(AccessibleAttribute.TEXT);
        said.add(words);
        if (said.size() > KEPT) {
            said.remove(0, said.size() - KEPT);
        }
    }

    /** What was announced, oldest first (the newest {@value #KEPT}; tests read it). */
    public ObservableList<String> announcements() {
        return saidView;
    }
}
