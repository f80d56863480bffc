/**
 * What a pair and an account are shown as, derived in one place ({@link org.oxisync.app.state.StateDerivation})
 * from what the engine and the connection know now. Every surface (the desktop app's header, pair cards and tray,
 * {@code oxisync status}, {@code status --json}, the control socket) shows this derivation and nothing of its own, so
 * no two of them can disagree.
 */
package org.oxisync.app.state;
