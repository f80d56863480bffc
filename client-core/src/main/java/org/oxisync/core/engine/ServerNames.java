package org.oxisync.core.engine;

import org.oxisync.core.naming.Names;
import org.oxisync.protocol.FileDto;
import org.oxisync.protocol.FolderDto;
import org.oxisync.protocol.OxiCloudApi;
import org.oxisync.protocol.OxiCloudException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The name in the server's answer is the truth. OxiCloud 0.8.7 stores some names other than asked (audit finding
 * #5: a multipart filename is taken byte for byte without percent-decoding, a delta create or a file rename trims
 * leading and trailing whitespace). A create or rename whose answer carries another name would make the next run
 * see "renamed on the server" and rename the user's file. So every answer is compared with the name asked for: a
 * created file is renamed to it through the JSON rename (which keeps everything but outer whitespace); a rename
 * that still does not hold is undone, and the item fails with the reason. The local file is never touched here.
 */
final class ServerNames {
    private static final Logger LOG = LoggerFactory.getLogger(ServerNames.class);

    private ServerNames() {
    }

    /** An item whose name the server cannot keep; the local entry stays as it is. */
    static final class NameNotKept extends Exception {
        NameNotKept(String message) {
            super(message);
        }
    }

    static boolean same(String stored, String wanted) {
        return Names.nfc(stored).equals(Names.nfc(wanted));
    }

    /**
     * The file this run just created, under {@code wanted}: {@code created} itself when the server kept the name,
     * else renamed to it; when even that does not hold, the created file goes to the server's trash.
     */
    static FileDto createdAs(OxiCloudApi api, FileDto created, String wanted) throws NameNotKept {
        if (same(created.name(), wanted)) {
            return created;
        }
        LOG.info("the server stored a new file as '{}', not '{}'; renaming it", created.name(), wanted);
        FileDto renamed;
        try {
            renamed = api.renameFile(created.id(), wanted);
        } catch (OxiCloudException e) {
            renamed = null;
            LOG.info("renaming it failed: {}", e.getMessage());
        }
        if (renamed != null && same(renamed.name(), wanted)) {
            return renamed;
        }
        String stored = renamed == null ? created.name() : renamed.name();
        api.trashBatch(java.util.List.of(created.id()), java.util.List.of());
        throw new NameNotKept("the server cannot keep the name '" + wanted + "' (it stored '" + stored
                + "'); the file is kept here only");
    }

    /** Checks a file rename's answer; when the server stored another name, renames it back to {@code previous}. */
    static String renamedFile(OxiCloudApi api, String id, FileDto answer, String wanted, String previous)
            throws NameNotKept {
        if (same(answer.name(), wanted)) {
            return answer.etag();
        }
        api.renameFile(id, previous);
        throw new NameNotKept("the server cannot rename to '" + wanted + "' (it stored '" + answer.name()
                + "'); the server keeps the old name");
    }

    /** As {@link #renamedFile} for a folder. */
    static String renamedFolder(OxiCloudApi api, String id, FolderDto answer, String wanted, String previous)
            throws NameNotKept {
        if (same(answer.name(), wanted)) {
            return answer.etag();
        }
        api.renameFolder(id, previous);
        throw new NameNotKept("the server cannot rename to '" + wanted + "' (it stored '" + answer.name()
                + "'); the server keeps the old name");
    }
}
