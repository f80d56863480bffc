package org.oxisync.ui.model;

import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;

/**
 * What every step of the wizard shares: which step is shown, whether it waits for the background, and the problem
 * it shows (title and text, empty = none). Changed on the FX thread only.
 */
final class WizardPage {
    final ObjectProperty<WizardModel.Step> step = new SimpleObjectProperty<>();
    final BooleanProperty busy = new SimpleBooleanProperty(false);
    final StringProperty problemTitle = new SimpleStringProperty("");
    final StringProperty problemText = new SimpleStringProperty("");

    void problem(String title, String text) {
        problemTitle.set(title);
        problemText.set(text == null ? "" : text);
    }

    void clearProblem() {
        problemTitle.set("");
        problemText.set("");
    }
}
