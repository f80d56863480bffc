package org.oxisync.emulator.api;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
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
 * The drive management routes of the real server (routes.rs:462-490, handlers {@code drive_handler.rs}, service
 * {@code application/services/drive_management_service.rs}), for users (subjects of kind {@code user}; the emulator
 * has no groups or tokens):
 * <ul>
 *   <li>{@code POST /api/drives} {@code {kind, name, owner:{type,id}, quota_bytes?}}: OxiCloud admins only
 *       (dms.rs:78-151); 201 DriveDto;</li>
 *   <li>{@code GET|POST /api/drives/{id}/members}, {@code PATCH|DELETE /api/drives/{id}/members/user/{uid}}: Read
 *       to list, Manage (Owner) to change; a Personal drive → 405; demoting or removing the last Owner → 400
 *       (dms.rs:178-330, 690-830);</li>
 *   <li>{@code DELETE /api/drives/{id}}: Manage (an Owner), empty of live content (dms.rs:370-460);</li>
 *   <li>{@code PATCH /api/drives/{id}/quota} {@code {quota_bytes}}: admins only, anyone else 404
 *       (drive_handler.rs:575-610); null or ≤ 0 = none; a Personal drive → 400 (dms.rs:560-630).</li>
 * </ul>
 */
public final class DriveAdminApi {
    private final Tree tree;

    public DriveAdminApi(Tree tree) {
        this.tree = tree;
    }

    public void register(Router r) {
        r.add("POST", "/api/drives", true, this::create);
        r.add("GET", "/api/drives/{id}/members", true, this::members);
        r.add("POST", "/api/drives/{id}/members", true, this::addMember);
        r.add("PATCH", "/api/drives/{id}/members/{kind}/{sid}", true, this::updateMember);
        r.add("DELETE", "/api/drives/{id}/members/{kind}/{sid}", true, this::removeMember);
        r.add("PATCH", "/api/drives/{id}/quota", true, this::quota);
        r.add("DELETE", "/api/drives/{id}", true, this::delete);
    }

    /** {@code DELETE /api/drives/{id}} → 204 (drive_handler.rs:368-380; the rules in {@code Tree.deleteDrive}). */
    private Response delete(Request r) {
        tree.drives().deleteDrive(r.userId(), r.param("id"));
        return Response.empty(204);
    }

    private boolean admin(Request r) {
        return "admin".equals(tree.user(r.userId()).role);
    }

    private Response create(Request r) {
        ObjectNode b = r.json();
        String kind = Request.requireString(b, "kind");
        String name = Request.requireString(b, "name");
        String ownerId = subject(b.get("owner"), "owner");
        Long quota = optLong(b, "quota_bytes");
        if (!kind.equals("personal") && !kind.equals("shared")) {
            throw ApiError.text(422, "Failed to deserialize the JSON body into the target type: kind: unknown variant `"
                    + kind + "`, expected `personal` or `shared`");
        }
        if (kind.equals("personal")) {
            throw ApiError.body(501, Map.of("error", "Creating secondary personal drives is not yet implemented. The "
                    + "authz model and quota source are still open product questions — this body shape is reserved for"
                    + " the future PR."));
        }
        if (!admin(r)) {
            throw ApiError.rest(403, "Access Denied", "Only OxiCloud administrators can create shared drives.");
        }
        if (name.trim().isEmpty()) {
            throw ApiError.rest(400, "Invalid Input", "Drive name is required.");
        }
        if (tree.user(ownerId) == null) {
            throw ApiError.rest(500, "Internal Error", "create failed: owner " + ownerId + " does not exist");
        }
        Model.Drive d = tree.drives().createSharedDrive(name.trim(), ownerId, quota == null || quota <= 0 ? null : quota);
        return Response.json(201, Dtos.drive(tree, d, null));
    }

    private Response members(Request r) {
        Model.Drive d = require(r.userId(), r.param("id"), "read");
        List<Object> out = new ArrayList<>();
        synchronized (tree) {
            for (Model.User u : tree.allUsers()) {
                for (Model.Grant g : tree.drives().incomingGrants(u.id)) {
                    if (g.resourceType.equals("drive") && g.resourceId.equals(d.id)) {
                        out.add(Dtos.grant(g));
                    }
                }
            }
        }
        return Response.json(200, out);
    }

    private Response addMember(Request r) {
        ObjectNode b = r.json();
        String userId = subject(b.get("subject"), "subject");
        DriveRole role = role(b);
        return Response.json(201, Dtos.grant(setRole(r.userId(), r.param("id"), userId, role)));
    }

    private Response updateMember(Request r) {
        String userId = pathSubject(r);
        return Response.json(200, Dtos.grant(setRole(r.userId(), r.param("id"), userId, role(r.json()))));
    }

    private Response removeMember(Request r) {
        removeMember(r.userId(), r.param("id"), pathSubject(r));
        return Response.empty(204);
    }

    /** Manage on the drive, not a Personal drive, not its last Owner (dms.rs remove_member). */
    void removeMember(String callerId, String driveId, String userId) {
        synchronized (tree) {
            Model.Drive d = manageable(callerId, driveId);
            refuseLastOwner(d, userId);
            tree.drives().revoke(userId, "drive", d.id);
        }
    }

    private Response quota(Request r) {
        String id = r.param("id");
        if (!admin(r)) {
            throw ApiError.rest(404, "Not Found", "Drive " + id + " not found");
        }
        Long q = optLong(r.json(), "quota_bytes");
        Long quota = q == null || q <= 0 ? null : q;
        Model.Drive d = tree.drives().drive(id);
        if (d == null) {
            throw ApiError.rest(404, "Not Found", "Drive not found: " + id);
        }
        if ("personal".equals(d.kind)) {
            throw ApiError.rest(400, "Invalid Input", "Personal drive quota is not editable here — set the owner user's"
                    + " storage envelope via PUT /api/admin/users/{id}/quota instead.");
        }
        tree.drives().setDriveQuota(id, quota);
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("quota_bytes", quota);
        return Response.json(200, m);
    }

    /** A member's role set by a caller holding Manage (dms.rs set_member_role; also POST /api/grants on a drive). */
    Model.Grant setRole(String callerId, String driveId, String userId, DriveRole role) {
        synchronized (tree) {
            Model.Drive d = manageable(callerId, driveId);
            if (role != DriveRole.OWNER) {
                refuseLastOwner(d, userId);
            }
            if (tree.user(userId) == null) {
                throw ApiError.rest(500, "Internal Error", "set_role failed: user " + userId + " does not exist");
            }
            return tree.drives().grant(userId, "drive", d.id, role, callerId);
        }
    }

    /** Manage on the drive (dms.rs:205-212), then a Personal drive is refused (dms.rs:690-712). */
    private Model.Drive manageable(String callerId, String driveId) {
        Model.Drive d = require(callerId, driveId, "manage");
        if ("personal".equals(d.kind)) {
            throw ApiError.rest(405, "Unsupported Operation",
                    "Personal drives have a fixed single-owner membership and cannot be modified.");
        }
        return d;
    }

    /** The engine's require on a drive: 404 when the caller cannot read it, 403 when it can but lacks the permission. */
    private Model.Drive require(String callerId, String id, String permission) {
        Model.Drive d = tree.drives().drive(id);
        DriveRole role = d == null ? null : tree.drives().driveRole(callerId, d.id);
        if (role == null) {
            throw ApiError.rest(404, "Not Found", "Drive not found: " + id);
        }
        if (!role.allows(permission)) {
            throw ApiError.rest(403, "Access Denied", "Missing '" + permission + "' permission on Drive " + id);
        }
        return d;
    }

    /** dms.rs:790-830: the last Owner may be neither demoted nor removed. */
    private void refuseLastOwner(Model.Drive d, String userId) {
        if (tree.drives().driveRole(userId, d.id) != DriveRole.OWNER) {
            return;
        }
        int owners = 0;
        for (Model.User u : tree.allUsers()) {
            if (tree.drives().driveRole(u.id, d.id) == DriveRole.OWNER) {
                owners++;
            }
        }
        if (owners <= 1) {
            throw ApiError.rest(400, "Invalid Input", "A shared drive must keep at least one Owner — promote another "
                    + "member to Owner first, or delete the drive.");
        }
    }

    static DriveRole role(ObjectNode b) {
        String wire = Request.requireString(b, "role");
        for (DriveRole x : DriveRole.values()) {
            if (x.wire().equals(wire)) {
                return x;
            }
        }
        throw ApiError.text(422, "Failed to deserialize the JSON body into the target type: role: unknown variant `"
                + wire + "`, expected one of `viewer`, `commenter`, `contributor`, `editor`, `owner`");
    }

    private String pathSubject(Request r) {
        if (!"user".equals(r.param("kind"))) {
            throw ApiError.rest(400, "Invalid Input", "the emulator knows only subjects of kind user");
        }
        return r.param("sid");
    }

    static String subject(JsonNode node, String field) {
        if (node == null || !node.isObject() || !node.path("id").isTextual() || !node.path("type").isTextual()) {
            throw ApiError.text(422, "Failed to deserialize the JSON body into the target type: missing or invalid field `"
                    + field + "`");
        }
        if (!node.get("type").asText().equals("user")) {
            throw ApiError.rest(400, "Invalid Input", "the emulator knows only subjects of kind user");
        }
        return node.get("id").asText();
    }

    private static Long optLong(ObjectNode b, String field) {
        JsonNode v = b.get(field);
        if (v == null || v.isNull()) {
            return null;
        }
        if (!v.isIntegralNumber()) {
            throw ApiError.text(422, "Failed to deserialize the JSON body into the target type: invalid field `" + field + "`");
        }
        return v.asLong();
    }
}
