package org.oxisync.app.os;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * macOS: a per-user LaunchAgent, {@code ~/Library/LaunchAgents/org.oxisync.OxiSync.plist}, with
 * {@code RunAtLoad}; launchd reads it at the next login (nothing is loaded now, so enabling never starts a
 * second copy of the running app).
 */
public final class MacAutostart implements Autostart {

    static final String LABEL = "org.oxisync.OxiSync";

    private final Path plist;
    private final List<String> command;

    public MacAutostart(Path home, List<String> command) {
        this.plist = home.resolve("Library").resolve("LaunchAgents").resolve(LABEL + ".plist");
        this.command = Commands.validated(command);
    }

    /** The property list this instance writes. */
    public Path plist() {
        return plist;
    }

    @Override
    public boolean isEnabled() {
        return Files.isRegularFile(plist);
    }

    @Override
    public void enable() throws IOException {
        StringBuilder xml = new StringBuilder()
                .append("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n")
                .append("<!DOCTYPE plist PUBLIC \"-//Apple//DTD PLIST 1.0//EN\"")
                .append(" \"http://www.apple.com/DTDs/PropertyList-1.0.dtd\">\n")
                .append("<plist version=\"1.0\">\n<dict>\n")
                .append("  <key>Label</key>\n  <string>").append(LABEL).append("</string>\n")
                .append("  <key>ProgramArguments</key>\n  <array>\n");
        for (String arg : command) {
            xml.append("    <string>").append(escapeXml(arg)).append("</string>\n");
        }
        xml.append("  </array>\n")
                .append("  <key>RunAtLoad</key>\n  <true/>\n")
                .append("  <key>ProcessType</key>\n  <string>Interactive</string>\n")
                .append("</dict>\n</plist>\n");
        AtomicFiles.writeString(plist, xml.toString());
    }

    @Override
    public void disable() throws IOException {
        Files.deleteIfExists(plist);
    }

    private static String escapeXml(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;");
    }
}
