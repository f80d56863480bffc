package org.oxisync.core.remote;

import java.util.AbstractList;

/**
 * The rows of a folder of the listing cache that a relisting did not read ({@link SplicedListing}): they stay in the
 * cache file, where {@code folder} (its index entry) says, and are copied from there when the listing is saved. Only
 * the relisting and the splicing save hold such a list; reading a row of it is a bug, and says so.
 */
final class UnreadRows extends AbstractList<RemoteTree.File> {
    final ListingIndex.Folder folder;

    UnreadRows(ListingIndex.Folder folder) {
        this.folder = folder;
    }

    @Override
    public RemoteTree.File get(int index) {
        throw new IllegalStateException("the rows of folder " + folder.id() + " were not read from the listing cache");
    }

    @Override
    public int size() {
        return folder.files();
    }

    @Override
    public boolean equals(Object o) {
        return o == this; // compared by identity: unread rows equal only themselves (never read to compare)
    }

    @Override
    public int hashCode() {
        return System.identityHashCode(this);
    }
}
