package org.oxisync.bench.many;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

/** What a client's journals say (read after its process has stopped, or read-only beside it), for the checks. */
final class ClientJournals {
    private ClientJournals() {
    }

    /** Every {@code journal.db} under a client's home (one per account). */
    private static List<Path> databases(Path home) throws IOException {
        try (Stream<Path> s = Files.walk(home)) {
            return s.filter(p -> p.getFileName().toString().equals("journal.db")).toList();
        }
    }

    private static Connection open(Path db) throws SQLException {
        return DriverManager.getConnection("jdbc:sqlite:" + db);
    }

    static String shortHash(String h) {
        return h == null ? "absent" : h.length() > 12 ? h.substring(0, 12) : h;
    }

    /** The journal rows of {@code path} in every database of the home, in one line ("none" when there is none). */
    static String journalRow(Path home, String path) throws IOException {
        List<String> rows = new ArrayList<>();
        for (Path db : databases(home)) {
            try (Connection conn = open(db);
                    PreparedStatement st = conn.prepareStatement(
                            "SELECT kind, size, local_hash, remote_hash, remote_id FROM journal WHERE path = ?")) {
                st.setString(1, path);
                try (ResultSet rs = st.executeQuery()) {
                    while (rs.next()) {
                        rows.add(rs.getString(1) + " " + rs.getLong(2) + " B local " + shortHash(rs.getString(3))
                                + " remote " + shortHash(rs.getString(4)) + " id " + rs.getString(5));
                    }
                }
            } catch (SQLException e) {
                rows.add("unreadable: " + e.getMessage());
            }
        }
        return rows.isEmpty() ? "none" : String.join("; ", rows);
    }

    /** The content hashes in a client's version store (the journal's versions table). */
    static Set<String> versionStore(Path home) throws IOException {
        Set<String> out = new HashSet<>();
        for (Path db : databases(home)) {
            try (Connection conn = open(db);
                    PreparedStatement st = conn.prepareStatement("SELECT file_hash FROM versions");
                    ResultSet rs = st.executeQuery()) {
                while (rs.next()) {
                    out.add(rs.getString(1));
                }
            } catch (SQLException e) {
                throw new IOException("cannot read the version store " + db, e);
            }
        }
        return out;
    }
}
