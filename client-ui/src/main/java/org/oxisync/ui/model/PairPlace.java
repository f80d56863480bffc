package org.oxisync.ui.model;

import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleObjectProperty;
import org.oxisync.core.plan.PairRights;
import org.oxisync.core.plan.SyncMode;
import org.oxisync.ui.setup.DriveChoice;
import org.oxisync.ui.setup.PairModes;

/** The wizard's choice of drive and mode for the new pair (the folder in the drive is the wizard's remote folder). */
public final class PairPlace {
    private final ObjectProperty<DriveChoice> drive = new SimpleObjectProperty<>();
    private final ObjectProperty<SyncMode> mode = new SimpleObjectProperty<>(SyncMode.TWO_WAY);
    private final BooleanProperty keepRemoteDeletes = new SimpleBooleanProperty(false);

    /** The rights the new pair gets: the drive's role and the chosen mode. */
    public PairRights rights() {
        return PairModes.rights(drive.get().role(), mode.get(), keepRemoteDeletes.get());
    }

    public ObjectProperty<DriveChoice> driveProperty() {
        return drive;
    }

    public ObjectProperty<SyncMode> modeProperty() {
        return mode;
    }

    public BooleanProperty keepRemoteDeletesProperty() {
        return keepRemoteDeletes;
    }
}
