package org.oxisync.ui.model;

import java.nio.file.Path;
import java.util.List;
import java.util.function.Consumer;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import org.oxisync.app.AppContext;
import org.oxisync.core.engine.SyncReport;
import org.oxisync.protocol.DeviceAuthorizationDto;
import org.oxisync.protocol.PresentedCertificate;
import org.oxisync.store.account.Account;
import org.oxisync.store.account.FolderPair;
import org.oxisync.ui.base.Background;
import org.oxisync.ui.i18n.I18n;
import org.oxisync.ui.setup.PairSetup;
import org.oxisync.ui.setup.RemoteFolder;
import org.oxisync.ui.setup.RemoteFolders;

/**
 * The first-run (and "add a folder") wizard's state and steps. Every network or disk call runs on the
 * {@link Background} executor; the properties change only on the FX thread.
 */
public final class WizardModel {
    /** The steps, in order. */
    public enum Step {
        SERVER, SIGN_IN, REMOTE_FOLDER, LOCAL_FOLDER, SELECTIVE, REVIEW;

        /** The step's title in {@code i18n}'s language. */
        public String title(I18n i18n) {
            return i18n.t("wizard.step." + name().toLowerCase(java.util.Locale.ROOT));
        }
    }

    /** How to sign in. */
    public enum Method { BROWSER, PASSWORD, APP_PASSWORD }

    /** The context the wizard was given; after a sign-in, {@link #ctx} is bound to the account signed in to. */
    private final AppContext given;
    private AppContext ctx;
    private final Background background;
    private final boolean addPairOnly;
    private final WizardPage page = new WizardPage();
    private final SignInFlow signIn;
    private final ObjectProperty<Account> account = new SimpleObjectProperty<>();
    private final ObjectProperty<RemoteFolder> remoteFolder = new SimpleObjectProperty<>();
    private final StringProperty localFolder = new SimpleStringProperty("");
    private final StringProperty localNote = new SimpleStringProperty("");
    private final ObjectProperty<FolderSelection> selection = new SimpleObjectProperty<>();
    private final ObjectProperty<SpaceNote> space = new SimpleObjectProperty<>(new SpaceNote("", false));
    private final ObjectProperty<FolderPair> createdPair = new SimpleObjectProperty<>();
    private final ObservableList<String> plan = FXCollections.observableArrayList();
    private final StringProperty reviewText = new SimpleStringProperty("");
    /** The drive and mode of the new pair (the remote folder is a folder of that drive). */
    private final PairPlace place = new PairPlace();
    private int localCheck;

    private final I18n i18n;

    public WizardModel(I18n i18n, AppContext ctx, Background background, boolean addPairOnly, Path defaultLocal) {
        this.i18n = i18n;
        this.given = ctx;
        this.ctx = ctx;
        this.background = background;
        this.addPairOnly = addPairOnly;
        this.signIn = new SignInFlow(i18n, background, () -> this.ctx, page, this::fail, this::signedIn);
        localFolder.set(defaultLocal.toString());
        if (addPairOnly) {
            background.run(() -> ctx.store().accounts().account().orElseThrow(), a -> {
                account.set(a);
                place.driveProperty().set(org.oxisync.ui.setup.DriveChoice.personal(a));
                remoteFolder.set(root(i18n, a));
                page.step.set(Step.REMOTE_FOLDER);
            }, this::fail);
        } else {
            page.step.set(Step.SERVER);
        }
    }

    public boolean addPairOnly() {
        return addPairOnly;
    }

    public static RemoteFolder root(I18n i18n, Account a) {
        return new RemoteFolder(a.rootFolderId(), i18n.t("wizard.remote.allFiles"), "/");
    }

    public int stepNumber() {
        return page.step.get().ordinal() + 1 - (addPairOnly ? Step.REMOTE_FOLDER.ordinal() : 0);
    }

    public int stepCount() {
        return Step.values().length - (addPairOnly ? Step.REMOTE_FOLDER.ordinal() : 0);
    }

    // ---- server and sign-in (SignInFlow) -----------------------------------------------------------------------

    /** Checks the typed address; on success goes to sign-in, on an untrusted certificate shows it. */
    public void checkServer() { signIn.checkServer(); }

    /** The user accepted the shown certificate: check again with it pinned. */
    public void trustCertificate() { signIn.trustCertificate(); }

    /** The user refused the shown certificate: nothing is trusted or saved, the address stays to be corrected. */
    public void refuseCertificate() { signIn.refuseCertificate(); }

    /** Starts the chosen sign-in; the browser flow calls {@code openBrowser} with the approval page. */
    public void signIn(Consumer<String> openBrowser) { signIn.signIn(openBrowser); }

    /** The desktop could not open the sign-in page: the view says so instead of "your browser opened it". */
    public void browserFailed(String message) { signIn.browserFailed(message); }

    /** Stops waiting for the browser approval. */
    public void cancelSignIn() { signIn.cancelSignIn(); }

    private void signedIn(Account a) {
        // the new pair goes to the account just signed in to, whichever other accounts the home has
        // (docs/accounts.md); its context is closed by close()
        given.accounts().byKey(org.oxisync.app.AppConfig.accountKey(a.serverUrl(), a.user()))
                .filter(n -> ctx == given).ifPresent(n -> ctx = given.forAccount(n.name()));
        signIn.signedInCleared();
        account.set(a);
        place.driveProperty().set(org.oxisync.ui.setup.DriveChoice.personal(a));
        remoteFolder.set(root(i18n, a));
        page.step.set(Step.REMOTE_FOLDER);
    }

    // ---- folders -----------------------------------------------------------------------------------------------

    /** Lists {@code parent}'s sub-folders for the tree. */
    public void children(RemoteFolder parent, Consumer<List<RemoteFolder>> then) {
        background.run(() -> new RemoteFolders(ctx.api()).children(parent), then, this::fail);
    }

    /** The drives and shared folders the user can pair with, for the drive picker. */
    public void drives(Consumer<List<org.oxisync.ui.setup.DriveChoice>> then, Consumer<Throwable> failed) {
        Account a = account.get();
        background.run(() -> org.oxisync.ui.setup.DriveChoice.list(ctx.api(), a), then, failed);
    }

    public void remoteChosen() {
        if (remoteFolder.get() == null) {
            problem(i18n.t("wizard.problem.chooseFolder"), i18n.t("wizard.problem.chooseRemote"));
            return;
        }
        clearProblem();
        checkLocal();
        page.step.set(Step.LOCAL_FOLDER);
    }

    /**
     * "OxiCloud 0.8.7 at …", and for plain http to another computer the warning that the password and the files
     * travel unencrypted (the CLI's {@code login} prints the same).
     */
    static String serverInfo(I18n i18n, String version, String baseUrl) {
        String info = i18n.t("wizard.signIn.server", "version", version, "address", baseUrl);
        return org.oxisync.app.ServerAddress.plainHttpWarning(baseUrl)
                .map(w -> info + "\n" + i18n.t("wizard.signIn.plainHttp")).orElse(info);
    }

    /** Explains what choosing the typed local folder means (new, empty, holds files, not allowed). */
    public void checkLocal() {
        String typed = localFolder.get() == null ? "" : localFolder.get().trim();
        int mine = ++localCheck;
        if (typed.isEmpty()) {
            localNote.set("");
            return;
        }
        background.run(() -> {
            Path p = Path.of(typed).toAbsolutePath().normalize();
            String problem = addPairOnly || ctx.config().hasAccount() ? new PairSetup(ctx).problemWith(p) : null;
            if (problem != null) {
                return "!" + problem;
            }
            if (!java.nio.file.Files.exists(p)) {
                return i18n.t("wizard.local.new");
            }
            return PairSetup.holdsFiles(p) ? i18n.t("wizard.local.holdsFiles") : i18n.t("wizard.local.empty");
        }, note -> {
            if (mine == localCheck) { // a newer path was typed meanwhile: its check answers, not this one
                localNote.set(note.startsWith("!") ? note.substring(1) : note);
            }
        }, e -> {
            if (mine == localCheck) {
                localNote.set("");
            }
        });
    }

    /** The typed path changed: what was said about the old one no longer holds (note and problem). */
    public void localEdited() {
        localCheck++;
        localNote.set("");
        if (page.step.get() == Step.LOCAL_FOLDER) {
            clearProblem();
        }
    }

    public void localChosen() {
        clearProblem();
        String typed = localFolder.get() == null ? "" : localFolder.get().trim();
        if (typed.isEmpty()) {
            problem(i18n.t("wizard.problem.chooseFolder"), i18n.t("wizard.problem.chooseLocal"));
            return;
        }
        page.busy.set(true);
        RemoteFolder remote = remoteFolder.get();
        background.run(() -> {
            String p = new PairSetup(ctx).problemWith(Path.of(typed));
            if (p != null) {
                throw new WizardProblems.LocalFolderRefused(p);
            }
            return new RemoteFolders(ctx.api()).children(remote);
        }, list -> {
            page.busy.set(false);
            FolderSelection sel = new FolderSelection(remote, List.of());
            sel.listed(sel.root(), list);
            selection.set(sel);
            folders().size(remote, size -> sel.sized(sel.root(), size));
            java.util.OptionalLong free = freeSpace();
            sel.changes().addListener((o, a, b) -> space.set(SpaceNote.of(i18n, sel.bytesSynced(), free)));
            space.set(SpaceNote.of(i18n, sel.bytesSynced(), free));
            boolean noSubs = list.isEmpty();
            page.step.set(noSubs ? Step.REVIEW : Step.SELECTIVE);
            if (noSubs) {
                prepareReview();
            }
        }, this::fail);
    }

    public void selectiveChosen() {
        page.step.set(Step.REVIEW);
        prepareReview();
    }

    /** Saves the pair, then previews the first sync when both sides already hold files. */
    private void prepareReview() {
        clearProblem();
        page.busy.set(true);
        plan.clear();
        space.set(new SpaceNote("", false));
        reviewText.set(i18n.t("wizard.review.preparing"));
        Path local = Path.of(localFolder.get().trim());
        RemoteFolder remote = remoteFolder.get();
        FolderSelection sel = selection.get();
        List<String> excluded = sel == null ? List.of() : sel.exclusions();
        List<RemoteFolder> excludedFolders = excluded.stream().map(sel::find).filter(java.util.Objects::nonNull)
                .map(f -> f.remote).toList();
        java.util.OptionalLong free = freeSpace();
        background.run(() -> {
            PairSetup setup = new PairSetup(ctx);
            boolean localFiles = PairSetup.holdsFiles(local);
            FolderPair pair = setup.create(local, remote, excluded, place.driveProperty().get(), place.rights());
            if (localFiles && !new RemoteFolders(ctx.api()).holdsNoFiles(remote)) {
                SyncReport preview = setup.preview(pair);
                return new Review(pair, preview, null,
                        org.oxisync.app.control.PlanTotals.of(preview.plan()).downloadBytes());
            }
            FirstCopy copy = localFiles ? FirstCopy.upload(i18n, local)
                    : FirstCopy.download(i18n, new RemoteFolders(ctx.api()), remote, excludedFolders);
            return new Review(pair, null, copy.text(), copy.downloadBytes());
        }, r -> {
            page.busy.set(false);
            createdPair.set(r.pair());
            if (r.preview() == null) {
                reviewText.set(i18n.t("wizard.review.keep", "local", r.pair().localRoot(), "remote", remoteShown(),
                        "sizes", r.sizes()));
            } else {
                List<String> lines = r.preview().plan().stream()
                        .flatMap(l -> org.oxisync.ui.text.Describe.action(i18n, l).stream()).toList();
                plan.setAll(lines);
                reviewText.set(i18n.t("wizard.review.both", "count", lines.size()));
            }
            space.set(r.downloadBytes() > 0 ? SpaceNote.of(i18n, java.util.OptionalLong.of(r.downloadBytes()), free)
                    : new SpaceNote("", false));
        }, this::fail);
    }

    private record Review(FolderPair pair, SyncReport preview, String sizes, long downloadBytes) {}

    /** Going back from the review removes the pair saved for the preview. */
    public void back() {
        clearProblem();
        Step s = page.step.get();
        if (s == Step.REVIEW && createdPair.get() != null) {
            FolderPair p = createdPair.get();
            createdPair.set(null);
            background.run(() -> {
                new PairSetup(ctx).remove(p);
                return null;
            }, r -> { }, this::fail);
        }
        if (s == Step.SIGN_IN) {
            cancelSignIn();
        }
        Step prev = switch (s) {
            case SERVER -> Step.SERVER;
            case SIGN_IN -> Step.SERVER;
            case REMOTE_FOLDER -> addPairOnly ? Step.REMOTE_FOLDER : Step.SIGN_IN;
            case LOCAL_FOLDER -> Step.REMOTE_FOLDER;
            case SELECTIVE -> Step.LOCAL_FOLDER;
            case REVIEW -> selection.get() == null || selection.get().root().children().isEmpty() ? Step.LOCAL_FOLDER
                    : Step.SELECTIVE;
        };
        page.step.set(prev);
    }

    /** Cancelling the wizard: stop a pending sign-in and forget a pair saved only for the preview. */
    public void cancel() {
        cancel(() -> { });
    }

    /** The context the wizard works in: the account signed in to, once signed in (tests read its store). */
    public AppContext context() {
        return ctx;
    }

    /**
     * {@link #cancel()}, and then closes the context of the account signed in to (its store: the app opens the
     * account for syncing next) and runs {@code then} on the FX thread. The context the wizard was given stays open.
     */
    public void cancel(Runnable then) {
        cancelSignIn();
        FolderPair p = createdPair.get();
        createdPair.set(null);
        AppContext c = ctx;
        boolean bound = c != given;
        ctx = given;
        background.run(() -> {
            try {
                if (p != null) {
                    new PairSetup(c).remove(p);
                }
            } finally {
                if (bound) {
                    c.close();
                }
            }
            return null;
        }, r -> then.run(), e -> then.run());
        signIn.closeSession();
    }

    // ---- problems ----------------------------------------------------------------------------------------------

    private void fail(Throwable e) {
        page.busy.set(false);
        WizardProblems.show(page, i18n, e, signIn.address());
    }

    private void problem(String title, String text) {
        page.problem(title, text);
    }

    private void clearProblem() {
        page.clearProblem();
    }

    // ---- properties --------------------------------------------------------------------------------------------

    public ObjectProperty<Step> stepProperty() { return page.step; }
    public BooleanProperty busyProperty() { return page.busy; }
    public StringProperty problemTitleProperty() { return page.problemTitle; }
    public StringProperty problemTextProperty() { return page.problemText; }
    public StringProperty serverUrlProperty() { return signIn.serverUrl; }
    public StringProperty serverInfoProperty() { return signIn.serverInfo; }
    public ObjectProperty<PresentedCertificate> certificateProperty() { return signIn.certificate; }
    public ObjectProperty<Method> methodProperty() { return signIn.method; }
    public StringProperty userProperty() { return signIn.user; }
    public StringProperty passwordProperty() { return signIn.password; }
    public ObjectProperty<DeviceAuthorizationDto> deviceProperty() { return signIn.device; }
    public ObjectProperty<Account> accountProperty() { return account; }
    public ObjectProperty<RemoteFolder> remoteFolderProperty() { return remoteFolder; }
    public StringProperty localFolderProperty() { return localFolder; }
    public StringProperty localNoteProperty() { return localNote; }
    /** The selective sync tree of the chosen remote folder (set once the local folder is chosen). */
    public ObjectProperty<FolderSelection> selectionProperty() { return selection; }

    /** What the first sync downloads beside the local disk's free space. */
    public ObjectProperty<SpaceNote> spaceProperty() { return space; }

    /** Lists and sizes the server's folders in the background, for the selective sync tree. */
    public FolderLoader folders() {
        return new BackgroundFolderLoader(background, ctx);
    }

    private java.util.OptionalLong freeSpace() {
        String typed = localFolder.get() == null ? "" : localFolder.get().trim();
        return typed.isEmpty() ? java.util.OptionalLong.empty()
                : org.oxisync.ui.setup.DiskSpace.usable(Path.of(typed));
    }
    public ObjectProperty<FolderPair> createdPairProperty() { return createdPair; }
    public ObservableList<String> plan() { return plan; }
    public StringProperty reviewTextProperty() { return reviewText; }
    public StringProperty browserProblemProperty() { return signIn.browserProblem; }
    public PairPlace place() { return place; }

    /**
     * The chosen server folder as the later steps name it: its path, and on a Shared drive the drive's name before it
     * ("Reports" for the drive's root, "Reports/2026" below it), so that "/" never stands alone for a drive.
     */
    public String remoteShown() {
        String path = remoteFolder.get() == null ? "/" : remoteFolder.get().path();
        org.oxisync.ui.setup.DriveChoice drive = place.driveProperty().get();
        if (drive == null || drive.personal()) {
            return path;
        }
        return "/".equals(path) ? drive.name() : drive.name() + (path.startsWith("/") ? path : "/" + path);
    }
}
