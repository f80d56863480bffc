package org.oxisync.ui.model;

import java.util.List;
import java.util.function.Consumer;
import org.oxisync.core.app.AppContext;
import org.oxisync.ui.app.Background;
import org.oxisync.ui.setup.RemoteFolder;
import org.oxisync.ui.setup.RemoteFolders;

/** {@link FolderLoader} over the account's server, its calls on the {@link Background} executor. */
public final class BackgroundFolderLoader implements FolderLoader {
    private final Background background;
    private final AppContext ctx;

    public BackgroundFolderLoader(Background background, AppContext ctx) {
        this.background = background;
        this.ctx = ctx;
    }

    @Override
    public void children(RemoteFolder folder, Consumer<List<RemoteFolder>> then) {
        background.run(() -> new RemoteFolders(ctx.api()).children(folder), then, e -> then.accept(null));
    }

    @Override
    public void size(RemoteFolder folder, Consumer<RemoteFolders.Size> then) {
        background.run(() -> new RemoteFolders(ctx.api()).size(folder), then, e -> then.accept(null));
    }
}
