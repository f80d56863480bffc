package org.oxisync.ui;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import javafx.scene.AccessibleAttribute;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.control.ComboBoxBase;
import javafx.scene.control.Control;
import javafx.scene.control.Label;
import javafx.scene.control.Labeled;
import javafx.scene.control.ProgressIndicator;
import javafx.scene.control.Spinner;

/**
 * An automated accessibility audit of a scene graph, in the manner of axe or Accessibility Insights: every control a
 * keyboard user can reach must have a name a screen reader can say (its own text, an accessible text, or a label
 * pointing at it with {@code setLabelFor}), and every node whose meaning is only visual (the coloured state dots, the
 * spinners) must say it in words. FX thread only.
 */
final class A11yAudit {
    private A11yAudit() {
    }

    /** The problems under {@code root}, one line each naming the node; empty when it passes. */
    static List<String> problems(Parent root) {
        root.applyCss();
        root.layout();
        Map<Node, Label> labelled = new IdentityHashMap<>();
        collectLabels(root, labelled);
        List<String> out = new ArrayList<>();
        walk(root, labelled, out);
        return out;
    }

    private static void collectLabels(Node n, Map<Node, Label> labelled) {
        if (n instanceof Label l && l.getLabelFor() != null && !blank(l.getText())) {
            labelled.put(l.getLabelFor(), l);
        }
        if (n instanceof Parent p) {
            p.getChildrenUnmodifiable().forEach(c -> collectLabels(c, labelled));
        }
    }

    private static void walk(Node n, Map<Node, Label> labelled, List<String> out) {
        if (!n.isVisible()) {
            return;
        }
        if (n instanceof Control c && c.isFocusTraversable() && !named(owner(c), labelled)) {
            out.add("no accessible name: " + describe(c) + (owner(c) == c ? "" : " (in " + describe(owner(c)) + ")"));
        }
        boolean pictureOnly = n.getStyleClass().contains("state-dot") || n instanceof ProgressIndicator
                && !(n instanceof javafx.scene.control.ProgressBar);
        if (pictureOnly && blank(n.getAccessibleText())) {
            out.add("a picture without words: " + describe(n));
        }
        if (n instanceof Parent p) {
            p.getChildrenUnmodifiable().forEach(c -> walk(c, labelled, out));
        }
    }

    /** The control a screen reader names: a Spinner's or a ComboBox's inner editor is named by its owner. */
    private static Node owner(Control c) {
        Node p = c.getParent();
        for (int i = 0; i < 3 && p != null; i++, p = p.getParent()) {
            if (p instanceof Spinner<?> || p instanceof ComboBoxBase<?>) {
                return p;
            }
        }
        return c;
    }

    private static boolean named(Node n, Map<Node, Label> labelled) {
        if (!blank(n.getAccessibleText()) || labelled.containsKey(n)) {
            return true;
        }
        if (n instanceof Labeled l && !blank(l.getText())) {
            return true;
        }
        // what the platform would read: JavaFX's own answer for the TEXT attribute
        Object text = n.queryAccessibleAttribute(AccessibleAttribute.TEXT);
        return n instanceof Labeled && text instanceof String s && !blank(s);
    }

    /** The name a screen reader reads for {@code n}. */
    static String spokenName(Node n) {
        Object text = n.queryAccessibleAttribute(AccessibleAttribute.TEXT);
        return text == null ? "" : text.toString();
    }

    private static boolean blank(String s) {
        return s == null || s.replace("_", "").isBlank();
    }

    static String describe(Node n) {
        return n.getClass().getSimpleName() + (n.getId() == null ? "" : "#" + n.getId());
    }
}
