package org.oxisync.app.control;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;
import org.oxisync.app.ConflictResolution;

/**
 * A command that changes the local store, as a value: what {@code oxisync pair add|remove}, {@code pair ignore
 * add|remove}, {@code versions restore} and {@code conflicts resolve} ask for. The CLI runs it itself when it can
 * open the store, or sends it to the process that holds the store ({@code verb JSON} on the control socket), which
 * runs the same {@link StoreChanges}. Paths the user typed relative to the current folder travel with that folder
 * ({@code cwd}), so the holder resolves them as the CLI would.
 */
public sealed interface StoreRequest {
    ObjectMapper JSON = new ObjectMapper();

    /** The control socket's verb. */
    String verb();

    /** The command as users type it, for messages ("oxisync pair add"). */
    String command();

    /** The arguments as one JSON object. */
    ObjectNode args();

    /** {@code verb JSON}: one line. */
    default String line() {
        return verb() + " " + args();
    }

    /** The verbs this interface knows. */
    List<String> VERBS = List.of("pair-add", "pair-set", "pair-remove", "pair-ignore-add", "pair-ignore-remove",
            "versions-restore", "conflicts-resolve", "undo");

    /**
     * The request of {@code verb} with the JSON arguments {@code args}.
     *
     * @throws IllegalArgumentException when the verb is unknown or an argument is missing or malformed
     */
    static StoreRequest parse(String verb, String args) {
        JsonNode a;
        try {
            a = JSON.readTree(args == null || args.isBlank() ? "{}" : args);
        } catch (java.io.IOException e) {
            throw new IllegalArgumentException(verb + ": the arguments are not JSON");
        }
        return switch (verb) {
            case "pair-add" -> new PairAdd(text(a, "local", true), text(a, "remote", true), text(a, "name", false),
                    text(a, "drive", false), a.path("mode").asText("two-way"), text(a, "role", false),
                    a.path("keep_remote_deletes").asBoolean(false));
            case "pair-set" -> new PairSet(text(a, "name", true), text(a, "mode", false), text(a, "role", false),
                    a.hasNonNull("keep_remote_deletes") ? a.get("keep_remote_deletes").asBoolean() : null);
            case "pair-remove" -> new PairRemove(text(a, "name", true));
            case "pair-ignore-add", "pair-ignore-remove" ->
                    new IgnoreChange(text(a, "pair", false), strings(a, "patterns"), verb.endsWith("add"));
            case "versions-restore" -> new VersionRestore(text(a, "pair", false), text(a, "path", true),
                    text(a, "cwd", true), text(a, "at", false));
            case "conflicts-resolve" -> new ConflictResolve(text(a, "pair", false), text(a, "file", true),
                    text(a, "cwd", true), choice(text(a, "keep", true)));
            case "undo" -> new Undo(a.hasNonNull("run") ? a.get("run").asLong() : null, text(a, "pair", false),
                    text(a, "folder", false), text(a, "to", false), text(a, "cwd", true),
                    a.path("yes").asBoolean(false), a.path("list").asBoolean(false));
            default -> throw new IllegalArgumentException("unknown request '" + verb + "'");
        };
    }

    private static String text(JsonNode a, String field, boolean required) {
        JsonNode n = a.get(field);
        if (n == null || n.isNull()) {
            if (required) {
                throw new IllegalArgumentException("missing argument '" + field + "'");
            }
            return null;
        }
        if (!n.isTextual()) {
            throw new IllegalArgumentException("argument '" + field + "' must be a string");
        }
        return n.asText();
    }

    private static List<String> strings(JsonNode a, String field) {
        JsonNode n = a.get(field);
        if (n == null || !n.isArray() || n.isEmpty()) {
            throw new IllegalArgumentException("argument '" + field + "' must be a non-empty list");
        }
        List<String> out = new ArrayList<>();
        for (JsonNode s : n) {
            if (!s.isTextual()) {
                throw new IllegalArgumentException("argument '" + field + "' must hold strings");
            }
            out.add(s.asText());
        }
        return out;
    }

    private static ConflictResolution.Choice choice(String s) {
        try {
            return ConflictResolution.Choice.valueOf(s);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("unknown choice '" + s + "'");
        }
    }

    /** {@code oxisync pair add}: {@code local} is absolute (the CLI resolved it against its current folder). */
    record PairAdd(String local, String remote, String name, String drive, String mode, String role,
                   boolean keepRemoteDeletes) implements StoreRequest {
        @Override
        public String verb() {
            return "pair-add";
        }

        @Override
        public String command() {
            return "oxisync pair add";
        }

        @Override
        public ObjectNode args() {
            ObjectNode n = JSON.createObjectNode().put("local", local).put("remote", remote);
            if (drive != null) {
                n.put("drive", drive);
            }
            if (role != null) {
                n.put("role", role);
            }
            n.put("mode", mode == null ? "two-way" : mode).put("keep_remote_deletes", keepRemoteDeletes);
            return name == null ? n : n.put("name", name);
        }
    }

    /**
     * {@code oxisync pair set NAME [--mode MODE] [--role ROLE] [--keep-remote-deletes true|false]}: a null field
     * keeps what the pair has.
     */
    record PairSet(String name, String mode, String role, Boolean keepRemoteDeletes) implements StoreRequest {
        @Override
        public String verb() {
            return "pair-set";
        }

        @Override
        public String command() {
            return "oxisync pair set";
        }

        @Override
        public ObjectNode args() {
            ObjectNode n = JSON.createObjectNode().put("name", name);
            if (mode != null) {
                n.put("mode", mode);
            }
            if (role != null) {
                n.put("role", role);
            }
            if (keepRemoteDeletes != null) {
                n.put("keep_remote_deletes", keepRemoteDeletes);
            }
            return n;
        }
    }

    /** {@code oxisync pair remove NAME}. */
    record PairRemove(String name) implements StoreRequest {
        @Override
        public String verb() {
            return "pair-remove";
        }

        @Override
        public String command() {
            return "oxisync pair remove";
        }

        @Override
        public ObjectNode args() {
            return JSON.createObjectNode().put("name", name);
        }
    }

    /** {@code oxisync pair ignore add|remove [--pair NAME] PATTERN...}. */
    record IgnoreChange(String pair, List<String> patterns, boolean add) implements StoreRequest {
        public IgnoreChange {
            patterns = List.copyOf(patterns);
        }

        @Override
        public String verb() {
            return add ? "pair-ignore-add" : "pair-ignore-remove";
        }

        @Override
        public String command() {
            return "oxisync pair ignore " + (add ? "add" : "remove");
        }

        @Override
        public ObjectNode args() {
            ObjectNode n = JSON.createObjectNode();
            if (pair != null) {
                n.put("pair", pair);
            }
            ArrayNode a = n.putArray("patterns");
            patterns.forEach(a::add);
            return n;
        }
    }

    /** {@code oxisync versions restore [--pair NAME] [--at TIME] PATH}, typed in {@code cwd}. */
    record VersionRestore(String pair, String path, String cwd, String at) implements StoreRequest {
        @Override
        public String verb() {
            return "versions-restore";
        }

        @Override
        public String command() {
            return "oxisync versions restore";
        }

        @Override
        public ObjectNode args() {
            ObjectNode n = JSON.createObjectNode().put("path", path).put("cwd", cwd);
            if (pair != null) {
                n.put("pair", pair);
            }
            return at == null ? n : n.put("at", at);
        }
    }

    /**
     * {@code oxisync undo [RUN] [--pair NAME] [--folder PATH --to TIME] [--yes] [--list]}, typed in {@code cwd}:
     * a dry run unless {@code yes}.
     */
    record Undo(Long run, String pair, String folder, String to, String cwd, boolean yes, boolean list)
            implements StoreRequest {
        @Override
        public String verb() {
            return "undo";
        }

        @Override
        public String command() {
            return "oxisync undo";
        }

        @Override
        public ObjectNode args() {
            ObjectNode n = JSON.createObjectNode().put("cwd", cwd).put("yes", yes).put("list", list);
            if (run != null) {
                n.put("run", run);
            }
            if (pair != null) {
                n.put("pair", pair);
            }
            if (folder != null) {
                n.put("folder", folder);
            }
            return to == null ? n : n.put("to", to);
        }
    }

    /** {@code oxisync conflicts resolve [--pair NAME] FILE --keep CHOICE}, typed in {@code cwd}. */
    record ConflictResolve(String pair, String file, String cwd, ConflictResolution.Choice keep)
            implements StoreRequest {
        @Override
        public String verb() {
            return "conflicts-resolve";
        }

        @Override
        public String command() {
            return "oxisync conflicts resolve";
        }

        @Override
        public ObjectNode args() {
            ObjectNode n = JSON.createObjectNode().put("file", file).put("cwd", cwd).put("keep", keep.name());
            return pair == null ? n : n.put("pair", pair);
        }
    }
}
