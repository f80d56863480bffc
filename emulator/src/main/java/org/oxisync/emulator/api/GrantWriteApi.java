package org.oxisync.emulator.api;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.oxisync.emulator.http.ApiError;
import org.oxisync.emulator.http.Request;
import org.oxisync.emulator.http.Response;
import org.oxisync.emulator.http.Router;
import org.oxisync.emulator.store.DriveRole;
import org.oxisync.emulator.store.Model;
import org.oxisync.emulator.store.Tree;

/**
 * Sharing over HTTP as a web-UI user does it (server {@code interfaces/api/routes.rs:343-357},
 * {@code interfaces/api/handlers/grant_handler.rs}), for subjects of kind {@code user}:
 * <ul>
 *   <li>{@code POST /api/grants} {@code {subject:{type:"user",id}, resource:{type,id}, role}}: Share on the resource
 *       first (403 "Missing 'share' permission on Kind id" when the caller may read it, 404 otherwise; :83-100); a
 *       drive resource goes through the drive's membership rules (Manage, a Personal drive → 405, the last Owner
 *       stays; :255-265); one row per subject and resource, so sharing again changes the role. 201
 *       {@code {grants:[GrantDto], notification:{total_recipients:0, outcomes:[]}}} (:398-404; the emulator sends no
 *       notifications, which is the server's answer without a notification service, :340-396);</li>
 *   <li>{@code PUT /api/grants/role} (same body): the same write, 200 {@code [GrantDto]} (:715-773);</li>
 *   <li>{@code DELETE /api/grants/{id}}: 204, also for an unknown id (:436-441); the granter or a holder of Share
 *       may revoke a folder or file grant; a drive grant needs Manage on the drive (:443-497).</li>
 * </ul>
 */
public final class GrantWriteApi {
    private final Tree tree;
    private final DriveAdminApi drives;

    public GrantWriteApi(Tree tree, DriveAdminApi drives) {
        this.tree = tree;
        this.drives = drives;
    }

    public void register(Router r) {
        r.add("POST", "/api/grants", true, this::create);
        r.add("DELETE", "/api/grants/{id}", true, this::revoke);
        r.add("PUT", "/api/grants/role", true, this::setRole);
    }

    /** {@code PUT /api/grants/role}: the same write without notifications → 200 {@code [GrantDto]} (:715-773). */
    private Response setRole(Request r) {
        return Response.json(200, List.of(Dtos.grant(write(r))));
    }

    private Response create(Request r) {
        Model.Grant g = write(r);
        Map<String, Object> notification = new LinkedHashMap<>();
        notification.put("total_recipients", 0);
        notification.put("outcomes", List.of());
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("grants", List.of(Dtos.grant(g)));
        m.put("notification", notification);
        return Response.json(201, m);
    }

    /** Share on the resource, then the role set (a drive: through its membership rules). */
    private Model.Grant write(Request r) {
        ObjectNode b = r.json();
        String userId = DriveAdminApi.subject(b.get("subject"), "subject");
        JsonNode res = b.get("resource");
        if (res == null || !res.path("type").isTextual() || !res.path("id").isTextual()) {
            throw ApiError.text(422, "Failed to deserialize the JSON body into the target type: missing field `resource`");
        }
        DriveRole role = DriveAdminApi.role(b);
        String type = res.get("type").asText();
        String id = res.get("id").asText();
        Model.Grant g;
        switch (type) {
            case "drive" -> g = drives.setRole(r.userId(), id, userId, role);
            case "folder", "file" -> {
                synchronized (tree) {
                    if (type.equals("folder")) {
                        tree.requireOnFolder(r.userId(), "share", id);
                    } else {
                        tree.requireOnFile(r.userId(), "share", id);
                    }
                    if (tree.user(userId) == null) {
                        throw ApiError.rest(404, "Not Found", "User not found: " + userId);
                    }
                    g = tree.drives().grant(userId, type, id, role, r.userId());
                }
            }
            default -> throw ApiError.text(422, "Failed to deserialize the JSON body into the target type: "
                    + "resource.type: unknown variant `" + type + "`");
        }
        return g;
    }

    private Response revoke(Request r) {
        String id = r.param("id");
        synchronized (tree) {
            Model.Grant g = tree.drives().grantById(id);
            if (g == null) {
                return Response.empty(204); // idempotent (grant_handler.rs:436-441)
            }
            if (g.resourceType.equals("drive")) {
                drives.removeMember(r.userId(), g.resourceId, g.userId);
            } else {
                if (!g.grantedBy.equals(r.userId())) {
                    if (g.resourceType.equals("folder")) {
                        tree.requireOnFolder(r.userId(), "share", g.resourceId);
                    } else {
                        tree.requireOnFile(r.userId(), "share", g.resourceId);
                    }
                }
                tree.drives().revoke(g.userId, g.resourceType, g.resourceId);
            }
        }
        return Response.empty(204);
    }
}
