package org.oxisync.ui.setup;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Deque;
import java.util.Iterator;
import java.util.List;
import org.oxisync.protocol.FileDto;
import org.oxisync.protocol.FolderDto;
import org.oxisync.protocol.OxiCloudApi;
import org.oxisync.protocol.Resource;

/** Browsing the server's folders for the folder pickers (blocking calls, run them in the background). */
public final class RemoteFolders {
    /** Size sums stop after this many folders, so one huge tree cannot stall the wizard. */
    public static final int SIZE_FOLDER_CAP = 2_000;

    private final OxiCloudApi api;

    public RemoteFolders(OxiCloudApi api) {
        this.api = api;
    }

    /** The sub-folders of {@code parent}, by name. */
    public List<RemoteFolder> children(RemoteFolder parent) {
        List<RemoteFolder> out = new ArrayList<>();
        Iterator<Resource> it = api.allResources(parent.id());
        while (it.hasNext()) {
            if (it.next() instanceof FolderDto f) {
                out.add(new RemoteFolder(f.id(), f.name(), join(parent.path(), f.name())));
            }
        }
        out.sort(Comparator.comparing(RemoteFolder::name, String.CASE_INSENSITIVE_ORDER));
        return out;
    }

    /** True when the folder holds no file anywhere below it (empty folders do not count). */
    public boolean holdsNoFiles(RemoteFolder folder) {
        return size(folder).files() == 0;
    }

    /** Bytes and files below {@code folder}; {@code complete} is false when {@link #SIZE_FOLDER_CAP} was hit. */
    public Size size(RemoteFolder folder) {
        long bytes = 0;
        long files = 0;
        int folders = 0;
        Deque<String> todo = new ArrayDeque<>();
        todo.push(folder.id());
        while (!todo.isEmpty()) {
            if (++folders > SIZE_FOLDER_CAP) {
                return new Size(bytes, files, false);
            }
            Iterator<Resource> it = api.allResources(todo.pop());
            while (it.hasNext()) {
                Resource r = it.next();
                if (r instanceof FileDto f) {
                    bytes += f.size();
                    files++;
                } else {
                    todo.push(r.id());
                }
            }
        }
        return new Size(bytes, files, true);
    }

    static String join(String parent, String name) {
        return parent.endsWith("/") ? parent + name : parent + "/" + name;
    }

    /** A folder's content size. */
    public record Size(long bytes, long files, boolean complete) {}
}
