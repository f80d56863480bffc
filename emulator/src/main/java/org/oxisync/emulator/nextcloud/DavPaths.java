package org.oxisync.emulator.nextcloud;

import java.nio.charset.StandardCharsets;
import java.text.Normalizer;
import java.util.ArrayList;
import java.util.List;
import org.oxisync.emulator.http.ApiError;
import org.oxisync.emulator.store.Model;
import org.oxisync.emulator.store.Tree;

/**
 * Paths of the Nextcloud WebDAV surface (webdav_handler.rs): request paths to segments, segments to the tree's live
 * folders and files under the session's chroot, and back to hrefs and ETags.
 */
final class DavPaths {
    private final Tree tree;

    DavPaths(Tree tree) {
        this.tree = tree;
    }

    /** nc_to_internal_path (webdav_handler.rs:79-99): trimmed of '/', "." and ".." segments are 400. */
    static List<String> segments(String subpath) {
        String p = subpath == null ? "" : subpath.replaceAll("^/+|/+$", "");
        List<String> out = new ArrayList<>();
        if (p.isEmpty()) {
            return out;
        }
        for (String seg : p.split("/")) {
            if (seg.equals(".") || seg.equals("..")) {
                throw ApiError.rest(400, "BadRequest", "Invalid path: traversal not allowed");
            }
            out.add(Normalizer.normalize(seg, Normalizer.Form.NFC));
        }
        return out;
    }

    /** A folder by its segments under the chroot, or null. Caller holds the tree lock. */
    Model.Folder folderAt(Model.Folder chroot, List<String> segs) {
        Model.Folder f = chroot;
        for (String seg : segs) {
            Model.Folder next = null;
            for (Model.Folder c : tree.liveChildFolders(f.id)) {
                if (c.name.equals(seg)) {
                    next = c;
                    break;
                }
            }
            if (next == null) {
                return null;
            }
            f = next;
        }
        return f;
    }

    private Model.FileRow fileIn(Model.Folder parent, String name) {
        for (Model.FileRow c : tree.liveChildFiles(parent.id)) {
            if (c.name.equals(name)) {
                return c;
            }
        }
        return null;
    }

    /** nc_resolve_or_fallback (:461-485): a folder at the path first, then a file; null when neither. */
    Object resolve(Model.Folder chroot, List<String> segs) {
        synchronized (tree) {
            Model.Folder f = folderAt(chroot, segs);
            return f != null ? f : fileAt(chroot, segs);
        }
    }

    Model.FileRow fileAt(Model.Folder chroot, List<String> segs) {
        synchronized (tree) {
            if (segs.isEmpty()) {
                return null;
            }
            Model.Folder parent = folderAt(chroot, segs.subList(0, segs.size() - 1));
            return parent == null ? null : fileIn(parent, segs.get(segs.size() - 1));
        }
    }

    Model.Folder folderAtPath(Model.Folder chroot, List<String> segs) {
        synchronized (tree) {
            return folderAt(chroot, segs);
        }
    }

    static String fileEtag(Model.FileRow f) {
        return f.hash.substring(0, 16) + "-" + f.modifiedAt;
    }

    static String folderEtag(Model.Folder f) {
        return f.id.substring(0, 16) + "-" + f.treeModifiedAt;
    }

    /** urlencoding::encode: everything but ASCII alphanumerics and "-_.~" is percent-encoded. */
    static String enc(String s) {
        StringBuilder sb = new StringBuilder();
        for (byte b : s.getBytes(StandardCharsets.UTF_8)) {
            int c = b & 0xff;
            if (c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '_'
                    || c == '.' || c == '~') {
                sb.append((char) c);
            } else {
                sb.append('%').append(String.format("%02X", c));
            }
        }
        return sb.toString();
    }

    /** nc_href_into (:213-236). */
    static String href(String user, List<String> segs) {
        StringBuilder sb = new StringBuilder("/remote.php/dav/files/").append(enc(user)).append('/');
        for (int i = 0; i < segs.size(); i++) {
            if (i > 0) {
                sb.append('/');
            }
            sb.append(enc(segs.get(i)));
        }
        return sb.toString();
    }

    /** extract_nc_subpath_from_dest (:1693-1709): null when the Destination is not under the user's files. */
    static String destSubpath(String dest, String user) {
        String path = dest;
        if (dest.startsWith("http://") || dest.startsWith("https://")) {
            String after = dest.substring(dest.indexOf("://") + 3);
            int slash = after.indexOf('/');
            path = slash < 0 ? "" : after.substring(slash);
        }
        String decoded;
        try {
            decoded = java.net.URLDecoder.decode(path.replace("+", "%2B"), StandardCharsets.UTF_8);
        } catch (IllegalArgumentException e) {
            return null;
        }
        decoded = decoded.replaceAll("/+$", "");
        String prefix = "/remote.php/dav/files/" + user;
        if (!decoded.startsWith(prefix)) {
            return null;
        }
        return decoded.substring(prefix.length()).replaceAll("^/+", "");
    }
}
