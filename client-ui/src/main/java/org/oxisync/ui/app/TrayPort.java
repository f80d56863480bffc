package org.oxisync.ui.app;

import org.oxisync.ui.sync.PairPhase;

/** What the shell needs from a tray icon: show the state, pop up a notification, go away. FX thread only. */
public interface TrayPort {
    void update(PairPhase phase, String headline, boolean paused);

    /** A desktop notification; {@code error} picks the error style over the warning one. */
    void notify(String title, String text, boolean error);

    void remove();
}
