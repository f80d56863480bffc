package org.oxisync.ui.view;

import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import org.oxisync.ui.i18n.I18n;
import org.oxisync.ui.sync.PairPhase;

/** Small building blocks the views share: labels with a style class, empty states, state dots, spacers. */
public final class Ui {
    private Ui() {
    }

    /**
     * The key, in a node's properties, that marks its text as the user's data (a path, an account, a version
     * number): shown as it is, in every language. The pseudo-locale test skips such nodes.
     */
    public static final String DATA = "oxisync.data";

    /** Marks {@code node}'s text as data (see {@link #DATA}). */
    public static <T extends Node> T data(T node) {
        node.getProperties().put(DATA, Boolean.TRUE);
        return node;
    }

    public static Label label(String text, String... styleClasses) {
        Label l = new Label(text);
        l.getStyleClass().addAll(styleClasses);
        return l;
    }

    /** A label whose underscored letter (Alt+letter) focuses the control it is {@code setLabelFor}. */
    public static Label mnemonic(String text) {
        Label l = new Label(text);
        l.setMnemonicParsing(true);
        return l;
    }

    public static Label wrapping(String text, String... styleClasses) {
        Label l = label(text, styleClasses);
        l.setWrapText(true);
        l.setMinHeight(Region.USE_PREF_SIZE);
        return l;
    }

    /** A coloured box with a bold title and an explanation; {@code kind} is "danger" or "warning". */
    public static VBox notice(String kind, String title, String text) {
        Label t = wrapping(title, "notice-title");
        t.setId("notice-title");
        Label x = wrapping(text, "notice-text");
        VBox box = new VBox(t, x);
        box.getStyleClass().addAll("notice", kind);
        return box;
    }

    public static Region hgrow() {
        Region r = new Region();
        HBox.setHgrow(r, Priority.ALWAYS);
        return r;
    }

    public static Region vgrow() {
        Region r = new Region();
        VBox.setVgrow(r, Priority.ALWAYS);
        return r;
    }

    /** A centered "nothing here" message with a short explanation. */
    public static VBox emptyState(String title, String text) {
        Label t = label(title, "empty-title");
        Label x = wrapping(text, "empty-text");
        x.setMaxWidth(420);
        VBox box = new VBox(t, x);
        box.getStyleClass().add("empty-state");
        box.setAlignment(Pos.CENTER);
        return box;
    }

    public static Region stateDot(I18n i18n, PairPhase p) {
        Region dot = new Region();
        dot.getStyleClass().add("state-dot");
        setDotState(i18n, dot, p);
        return dot;
    }

    public static void setDotState(I18n i18n, Region dot, PairPhase p) {
        dot.getStyleClass().removeAll("busy", "paused", "error", "offline");
        dot.setAccessibleRole(javafx.scene.AccessibleRole.TEXT); // the colour alone says nothing to a screen reader
        dot.setAccessibleText(p.label(i18n));
        switch (p) {
            case SCANNING, SYNCING -> dot.getStyleClass().add("busy");
            case PAUSED -> dot.getStyleClass().add("paused");
            case ERROR -> dot.getStyleClass().add("error");
            case OFFLINE -> dot.getStyleClass().add("offline");
            case IDLE -> { }
        }
    }

    /**
     * Gives {@code node} the accessible name {@code text} (a control label's words without its mnemonic underscore
     * and trailing colon), for controls that have no text and no {@code setLabelFor} label of their own.
     */
    public static <T extends Node> T named(T node, String text) {
        node.setAccessibleText(text == null ? null : text.replaceFirst("_(?=.)", "").replaceFirst("\\s*:\\s*$", ""));
        return node;
    }

    /** A button with {@code text}, the node id {@code id} (the tests' handle) and one style class. */
    public static Button button(String text, String id, String styleClass) {
        Button b = new Button(text);
        b.setId(id);
        b.getStyleClass().add(styleClass);
        return b;
    }

    /** Shows a choice through {@code label} (a combo box's converter: the choices' words come from the view's language). */
    public static <T> javafx.util.StringConverter<T> converter(java.util.function.Function<T, String> label) {
        return new javafx.util.StringConverter<>() {
            @Override
            public String toString(T value) {
                return label.apply(value);
            }

            @Override
            public T fromString(String s) {
                return null;
            }
        };
    }

    public static HBox row(double spacing, Node... nodes) {
        HBox h = new HBox(spacing, nodes);
        h.setAlignment(Pos.CENTER_LEFT);
        return h;
    }
}
