package org.oxisync.ui.view;

import java.util.EnumMap;
import java.util.Map;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.scene.control.CheckBox;
import javafx.scene.control.Label;
import javafx.scene.control.RadioButton;
import javafx.scene.control.ToggleGroup;
import javafx.scene.layout.VBox;
import org.oxisync.core.plan.SyncMode;
import org.oxisync.protocol.Role;
import org.oxisync.ui.text.RightsText;
import org.oxisync.ui.i18n.I18n;
import org.oxisync.ui.setup.PairModes;

/**
 * How a pair syncs: two-way, upload-only (with "keep files on the server when deleted here") or download-only.
 * Only the modes the role allows can be ticked ({@link PairModes}); a note says why the others are off.
 */
public final class ModeChooser extends VBox {
    private final ObjectProperty<Role> role = new SimpleObjectProperty<>(Role.OWNER);
    private final ObjectProperty<SyncMode> mode = new SimpleObjectProperty<>(SyncMode.TWO_WAY);
    private final BooleanProperty keepRemoteDeletes = new SimpleBooleanProperty(false);
    private final Map<SyncMode, RadioButton> radios = new EnumMap<>(SyncMode.class);
    private final CheckBox keep;
    private final Label note = Ui.wrapping("", "muted");
    private Runnable onChosen = () -> { };

    private final I18n i18n;

    public ModeChooser(I18n i18n) {
        super(6);
        this.i18n = i18n;
        this.keep = new CheckBox(i18n.t("rights.mode.keepRemoteDeletes"));
        setId("mode-chooser");
        ToggleGroup group = new ToggleGroup();
        getChildren().add(Ui.label(i18n.t("rights.mode.title"), "section-label"));
        for (SyncMode m : SyncMode.values()) {
            RadioButton r = new RadioButton(RightsText.mode(i18n, m));
            r.setId("mode-" + m.wireName());
            r.setWrapText(true);
            r.setToggleGroup(group);
            r.setOnAction(e -> {
                mode.set(m);
                onChosen.run();
            });
            Label text = Ui.wrapping(RightsText.modeText(i18n, m), "muted");
            text.setPadding(new javafx.geometry.Insets(0, 0, 0, 26));
            radios.put(m, r);
            getChildren().addAll(r, text);
            if (m == SyncMode.UPLOAD_ONLY) {
                keep.setId("keep-remote-deletes");
                keep.setWrapText(true);
                keep.setPadding(new javafx.geometry.Insets(0, 0, 0, 26));
                getChildren().add(keep);
            }
        }
        // The arrow keys move the focus among the modes and never choose one: Space or a click does (as in the
        // sign-in methods). A Down key meant for the folder tree, with the focus landed on a mode, then changes
        // nothing about how the pair syncs.
        addEventFilter(javafx.scene.input.KeyEvent.KEY_PRESSED, e -> {
            int step = switch (e.getCode()) {
                case DOWN, RIGHT -> 1;
                case UP, LEFT -> -1;
                default -> 0;
            };
            java.util.List<RadioButton> list = java.util.List.copyOf(radios.values());
            int at = list.indexOf(e.getTarget() instanceof RadioButton rb ? rb : null);
            if (step == 0 || at < 0) {
                return;
            }
            e.consume();
            for (int i = at + step; i >= 0 && i < list.size(); i += step) {
                if (!list.get(i).isDisabled()) {
                    list.get(i).requestFocus();
                    return;
                }
            }
        });
        note.setId("mode-note");
        note.managedProperty().bind(note.visibleProperty());
        getChildren().add(note);
        keep.selectedProperty().bindBidirectional(keepRemoteDeletes);
        keep.setOnAction(e -> onChosen.run());
        role.addListener((o, a, b) -> roleChanged());
        mode.addListener((o, a, b) -> refresh());
        roleChanged();
    }

    /** A new role: the modes it allows are offered, and the mode falls back to the role's default when needed. */
    private void roleChanged() {
        Role r = role.get();
        if (!PairModes.allowed(r).contains(mode.get())) {
            mode.set(PairModes.defaultMode(r));
        }
        refresh();
    }

    private void refresh() {
        Role r = role.get();
        String why = null;
        for (var e : radios.entrySet()) {
            String whyNot = RightsText.whyNot(i18n, r, e.getKey());
            e.getValue().setDisable(whyNot != null);
            e.getValue().setSelected(e.getKey() == mode.get());
            why = why == null ? whyNot : why;
        }
        boolean keepApplies = PairModes.keepRemoteDeletesApplies(r, mode.get());
        keep.setDisable(!keepApplies);
        if (!keepApplies) {
            keepRemoteDeletes.set(false);
        }
        note.setText(why == null ? "" : why);
        note.setVisible(why != null);
    }

    /** Shows a pair's stored mode. */
    public void show(Role r, SyncMode m, boolean keepDeletes) {
        role.set(r);
        mode.set(PairModes.allowed(r).contains(m) ? m : PairModes.defaultMode(r));
        keepRemoteDeletes.set(keepDeletes && PairModes.keepRemoteDeletesApplies(r, mode.get()));
        refresh();
    }

    /** Runs after the user chose a mode or ticked "keep" (not when {@link #show} or a new role changes them). */
    public void setOnChosen(Runnable r) {
        onChosen = r == null ? () -> { } : r;
    }

    public ObjectProperty<Role> roleProperty() {
        return role;
    }

    public ObjectProperty<SyncMode> modeProperty() {
        return mode;
    }

    public BooleanProperty keepRemoteDeletesProperty() {
        return keepRemoteDeletes;
    }
}
