package org.oxisync.ui.model;

import org.oxisync.protocol.OxiCloudException;
import org.oxisync.ui.text.Formats;
import org.oxisync.ui.text.ReasonText;
import org.oxisync.ui.i18n.I18n;

/** The words the wizard shows for a failure of one of its background calls. */
final class WizardProblems {
    private WizardProblems() {}

    /** The local folder may not be used (overlaps another pair, the app's own folder…). */
    static final class LocalFolderRefused extends RuntimeException {
        LocalFolderRefused(String why) {
            super(why);
        }
    }

    /**
     * Shows {@code e} on {@code page} ({@code address}: the server's, for the advice); a cancelled or interrupted
     * call (the user stopped it) clears the problem instead.
     */
    static void show(WizardPage page, I18n i18n, Throwable e, String address) {
        if (e instanceof OxiCloudException.LoginFailed lf) {
            page.problem(i18n.t("wizard.problem.signInFailed"), switch (lf.reason() == null ? "" : lf.reason()) {
                case "access_denied" -> i18n.t("wizard.problem.declined");
                case "expired_token" -> i18n.t("wizard.problem.expired");
                default -> i18n.t("wizard.problem.wrongPassword");
            });
        } else if (e instanceof OxiCloudException.NetworkFailure) {
            page.problem(i18n.t("wizard.problem.unreachable"), ReasonText.of(i18n, e, address));
        } else if (e instanceof java.util.concurrent.CancellationException || e instanceof InterruptedException) {
            page.clearProblem();
        } else if (e instanceof OxiCloudException.RateLimited) {
            page.problem(i18n.t("wizard.problem.tooMany"), ReasonText.of(i18n, e, null));
        } else if (e instanceof LocalFolderRefused) {
            page.problem(i18n.t("wizard.problem.folderRefused"), Formats.sentence(e.getMessage()));
        } else {
            page.problem(i18n.t("wizard.problem.other"), ReasonText.of(i18n, e, address));
        }
    }
}
