package org.oxisync.ui.model;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Future;
import java.util.function.Consumer;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import org.oxisync.core.app.AppContext;
import org.oxisync.core.engine.SyncReport;
import org.oxisync.protocol.DeviceAuthorizationDto;
import org.oxisync.protocol.OxiCloudException;
import org.oxisync.protocol.PresentedCertificate;
import org.oxisync.store.account.Account;
import org.oxisync.store.account.FolderPair;
import org.oxisync.ui.app.Background;
import org.oxisync.ui.i18n.I18n;
import org.oxisync.ui.setup.LoginSession;
import org.oxisync.ui.setup.PairSetup;
import org.oxisync.ui.setup.RemoteFolder;
import org.oxisync.ui.setup.RemoteFolders;
import org.oxisync.ui.setup.ServerCheck;

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
    private LoginSession session;
    private Future<?> deviceWait;
    private int attempt;

    private final ObjectProperty<Step> step = new SimpleObjectProperty<>();
    private final BooleanProperty busy = new SimpleBooleanProperty(false);
    private final StringProperty problemTitle = new SimpleStringProperty("");
    private final StringProperty problemText = new SimpleStringProperty("");
    private final StringProperty serverUrl = new SimpleStringProperty("");
    private final StringProperty serverInfo = new SimpleStringProperty("");
    private final ObjectProperty<PresentedCertificate> certificate = new SimpleObjectProperty<>();
    private final ObjectProperty<Method> method = new SimpleObjectProperty<>(Method.BROWSER);
    private final StringProperty user = new SimpleStringProperty("");
    private final StringProperty password = new SimpleStringProperty("");
    private final ObjectProperty<DeviceAuthorizationDto> device = new SimpleObjectProperty<>();
    private final ObjectProperty<Account> account = new SimpleObjectProperty<>();
    private final ObjectProperty<RemoteFolder> remoteFolder = new SimpleObjectProperty<>();
    private final StringProperty localFolder = new SimpleStringProperty("");
    private final StringProperty localNote = new SimpleStringProperty("");
    private final ObjectProperty<FolderSelection> selection = new SimpleObjectProperty<>();
    private final ObjectProperty<SpaceNote> space = new SimpleObjectProperty<>(new SpaceNote("", false));
    private final ObjectProperty<FolderPair> createdPair = new SimpleObjectProperty<>();
    private final ObservableList<String> plan = FXCollections.observableArrayList();
    private final StringProperty reviewText = new SimpleStringProperty("");
    /** Set when the browser could not be opened for the sign-in page: the page must be opened by hand. */
    private final StringProperty browserProblem = new SimpleStringProperty("");
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
        localFolder.set(defaultLocal.toString());
        if (addPairOnly) {
            background.run(() -> ctx.store().accounts().account().orElseThrow(), a -> {
                account.set(a);
                place.driveProperty().set(org.oxisync.ui.setup.DriveChoice.personal(a));
                remoteFolder.set(root(i18n, a));
                step.set(Step.REMOTE_FOLDER);
            }, this::fail);
        } else {
            step.set(Step.SERVER);
        }
    }

    public boolean addPairOnly() {
        return addPairOnly;
    }

    public static RemoteFolder root(I18n i18n, Account a) {
        return new RemoteFolder(a.rootFolderId(), i18n.t("wizard.remote.allFiles"), "/");
    }

    public int stepNumber() {
        return step.get().ordinal() + 1 - (addPairOnly ? Step.REMOTE_FOLDER.ordinal() : 0);
    }

    public int stepCount() {
        return Step.values().length - (addPairOnly ? Step.REMOTE_FOLDER.ordinal() : 0);
    }

    // ---- server ------------------------------------------------------------------------------------------------

    /** Checks the typed address; on success goes to sign-in, on an untrusted certificate shows it. */
    public void checkServer() {
        String base;
        try {
            base = ServerCheck.normalize(i18n, serverUrl.get());
        } catch (IllegalArgumentException e) {
            problem(i18n.t("wizard.problem.address"), e.getMessage());
            return;
        }
        check(base, null);
    }

    /** The user accepted the shown certificate: check again with it pinned. */
    public void trustCertificate() {
        PresentedCertificate c = certificate.get();
        if (c != null) {
            check(session.base(), c.sha256());
        }
    }

    /** The user refused the shown certificate: nothing is trusted or saved, the address stays to be corrected. */
    public void refuseCertificate() {
        certificate.set(null);
        closeSession();
        problem(i18n.t("wizard.problem.notConnected"), i18n.t("wizard.problem.notConnected.text"));
    }

    private void check(String base, String pin) {
        clearProblem();
        certificate.set(null);
        closeSession();
        LoginSession s = new LoginSession(ctx, base, pin);
        session = s;
        busy.set(true);
        background.run(() -> s.check(i18n), result -> {
            busy.set(false);
            if (result instanceof ServerCheck.Supported ok) {
                serverInfo.set(serverInfo(i18n, String.valueOf(ok.version()), ok.baseUrl()));
                step.set(Step.SIGN_IN);
            } else if (result instanceof ServerCheck.Untrusted u) {
                certificate.set(u.certificate());
            } else if (result instanceof ServerCheck.Problem p) {
                problem(p.title(), p.advice());
            }
        }, this::fail);
    }

    // ---- sign in -----------------------------------------------------------------------------------------------

    /** Starts the chosen sign-in; the browser flow calls {@code openBrowser} with the approval page. */
    public void signIn(Consumer<String> openBrowser) {
        clearProblem();
        busy.set(true);
        LoginSession s = session;
        int mine = ++attempt;
        switch (method.get()) {
            case BROWSER -> background.run(s::startDeviceLogin, auth -> {
                if (mine != attempt) {
                    return;
                }
                browserProblem.set("");
                device.set(auth);
                openBrowser.accept(auth.verificationUriComplete() != null ? auth.verificationUriComplete()
                        : auth.verificationUri());
                deviceWait = background.run(() -> {
                    s.completeDeviceLogin(auth);
                    return s.finish();
                }, a -> {
                    if (mine == attempt) {
                        signedIn(a);
                    }
                }, e -> {
                    if (mine == attempt) {
                        device.set(null);
                        fail(e);
                    }
                });
            }, this::fail);
            case PASSWORD, APP_PASSWORD -> {
                String u = user.get() == null ? "" : user.get().trim();
                String pw = password.get() == null ? "" : password.get();
                if (u.isEmpty() || pw.isEmpty()) {
                    busy.set(false);
                    problem(i18n.t("wizard.problem.credentials"), i18n.t("wizard.problem.credentials.text"));
                    return;
                }
                boolean app = method.get() == Method.APP_PASSWORD;
                background.run(() -> {
                    if (app) {
                        s.loginWithAppPassword(u, pw);
                    } else {
                        s.loginWithPassword(u, pw);
                    }
                    return s.finish();
                }, a -> {
                    if (mine == attempt) {
                        signedIn(a);
                    }
                }, this::fail);
            }
        }
    }

    /** The desktop could not open the sign-in page: the view says so instead of "your browser opened it". */
    public void browserFailed(String message) {
        browserProblem.set(message == null ? i18n.t("wizard.browser.failed") : message);
    }

    /** Stops waiting for the browser approval. */
    public void cancelSignIn() {
        attempt++;
        if (deviceWait != null) {
            deviceWait.cancel(true);
        }
        device.set(null);
        busy.set(false);
        // A fresh session for the next try; the old one may still be polling until its thread notices.
        if (session != null) {
            LoginSession old = session;
            session = new LoginSession(ctx, old.base(), old.pin());
            background.run(old::close);
        }
    }

    private void signedIn(Account a) {
        // the new pair goes to the account just signed in to, whichever other accounts the home has
        // (docs/accounts.md); its context is closed by close()
        given.accounts().byKey(org.oxisync.core.app.AppConfig.accountKey(a.serverUrl(), a.user()))
                .filter(n -> ctx == given).ifPresent(n -> ctx = given.forAccount(n.name()));
        busy.set(false);
        device.set(null);
        password.set("");
        account.set(a);
        place.driveProperty().set(org.oxisync.ui.setup.DriveChoice.personal(a));
        remoteFolder.set(root(i18n, a));
        step.set(Step.REMOTE_FOLDER);
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
        step.set(Step.LOCAL_FOLDER);
    }

    /**
     * "OxiCloud 0.8.7 at …", and for plain http to another computer the warning that the password and the files
     * travel unencrypted (issue 18 #28; the CLI's {@code login} prints the same).
     */
    static String serverInfo(I18n i18n, String version, String baseUrl) {
        String info = i18n.t("wizard.signIn.server", "version", version, "address", baseUrl);
        return org.oxisync.core.app.ServerAddress.plainHttpWarning(baseUrl)
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
        if (step.get() == Step.LOCAL_FOLDER) {
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
        busy.set(true);
        RemoteFolder remote = remoteFolder.get();
        background.run(() -> {
            String p = new PairSetup(ctx).problemWith(Path.of(typed));
            if (p != null) {
                throw new LocalFolderRefused(p);
            }
            return new RemoteFolders(ctx.api()).children(remote);
        }, list -> {
            busy.set(false);
            FolderSelection sel = new FolderSelection(remote, List.of());
            sel.listed(sel.root(), list);
            selection.set(sel);
            folders().size(remote, size -> sel.sized(sel.root(), size));
            java.util.OptionalLong free = freeSpace();
            sel.changes().addListener((o, a, b) -> space.set(SpaceNote.of(i18n, sel.bytesSynced(), free)));
            space.set(SpaceNote.of(i18n, sel.bytesSynced(), free));
            boolean noSubs = list.isEmpty();
            step.set(noSubs ? Step.REVIEW : Step.SELECTIVE);
            if (noSubs) {
                prepareReview();
            }
        }, this::fail);
    }

    /** The local folder may not be used (overlaps another pair, the app's own folder…). */
    static final class LocalFolderRefused extends RuntimeException {
        LocalFolderRefused(String why) {
            super(why);
        }
    }

    public void selectiveChosen() {
        step.set(Step.REVIEW);
        prepareReview();
    }

    /** Saves the pair, then previews the first sync when both sides already hold files. */
    private void prepareReview() {
        clearProblem();
        busy.set(true);
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
                        org.oxisync.core.commands.PlanTotals.of(preview.plan()).downloadBytes());
            }
            FirstCopy copy = localFiles ? FirstCopy.upload(i18n, local)
                    : FirstCopy.download(i18n, new RemoteFolders(ctx.api()), remote, excludedFolders);
            return new Review(pair, null, copy.text(), copy.downloadBytes());
        }, r -> {
            busy.set(false);
            createdPair.set(r.pair());
            if (r.preview() == null) {
                reviewText.set(i18n.t("wizard.review.keep", "local", r.pair().localRoot(), "remote", r.pair().remotePath(),
                        "sizes", r.sizes()));
            } else {
                List<String> lines = r.preview().plan().stream()
                        .flatMap(l -> org.oxisync.ui.app.Describe.action(i18n, l).stream()).toList();
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
        Step s = step.get();
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
        step.set(prev);
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
        closeSession();
    }

    private void closeSession() {
        if (session != null) {
            LoginSession s = session;
            session = null;
            background.run(s::close);
        }
    }

    // ---- problems ----------------------------------------------------------------------------------------------

    private void fail(Throwable e) {
        busy.set(false);
        if (e instanceof OxiCloudException.LoginFailed lf) {
            problem(i18n.t("wizard.problem.signInFailed"), switch (lf.reason() == null ? "" : lf.reason()) {
                case "access_denied" -> i18n.t("wizard.problem.declined");
                case "expired_token" -> i18n.t("wizard.problem.expired");
                default -> i18n.t("wizard.problem.wrongPassword");
            });
        } else if (e instanceof OxiCloudException.NetworkFailure) {
            problem(i18n.t("wizard.problem.unreachable"), org.oxisync.ui.app.ReasonText.of(i18n, e,
                    session == null ? serverUrl.get() : session.base()));
        } else if (e instanceof java.util.concurrent.CancellationException || e instanceof InterruptedException) {
            clearProblem();
        } else if (e instanceof OxiCloudException.RateLimited) {
            problem(i18n.t("wizard.problem.tooMany"), org.oxisync.ui.app.ReasonText.of(i18n, e, null));
        } else if (e instanceof LocalFolderRefused) {
            problem(i18n.t("wizard.problem.folderRefused"), org.oxisync.ui.app.Formats.sentence(e.getMessage()));
        } else {
            problem(i18n.t("wizard.problem.other"), org.oxisync.ui.app.ReasonText.of(i18n, e,
                    session == null ? serverUrl.get() : session.base()));
        }
    }

    private void problem(String title, String text) {
        problemTitle.set(title);
        problemText.set(text == null ? "" : text);
    }

    private void clearProblem() {
        problemTitle.set("");
        problemText.set("");
    }

    // ---- properties --------------------------------------------------------------------------------------------

    public ObjectProperty<Step> stepProperty() { return step; }
    public BooleanProperty busyProperty() { return busy; }
    public StringProperty problemTitleProperty() { return problemTitle; }
    public StringProperty problemTextProperty() { return problemText; }
    public StringProperty serverUrlProperty() { return serverUrl; }
    public StringProperty serverInfoProperty() { return serverInfo; }
    public ObjectProperty<PresentedCertificate> certificateProperty() { return certificate; }
    public ObjectProperty<Method> methodProperty() { return method; }
    public StringProperty userProperty() { return user; }
    public StringProperty passwordProperty() { return password; }
    public ObjectProperty<DeviceAuthorizationDto> deviceProperty() { return device; }
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
    public StringProperty browserProblemProperty() { return browserProblem; }
    public PairPlace place() { return place; }
}
