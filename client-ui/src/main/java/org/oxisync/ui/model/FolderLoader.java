package org.oxisync.ui.model;

import java.util.List;
import java.util.function.Consumer;
import org.oxisync.ui.setup.RemoteFolder;
import org.oxisync.ui.setup.RemoteFolders;

/** Lists and sizes the server's folders in the background for the selective sync tree; answers on the FX thread. */
public interface FolderLoader {
    /** The sub-folders of {@code folder}; {@code null} when they could not be listed (the server did not answer). */
    void children(RemoteFolder folder, Consumer<List<RemoteFolder>> then);

    /** The folder's content size; {@code null} when it could not be counted. */
    void size(RemoteFolder folder, Consumer<RemoteFolders.Size> then);
}
