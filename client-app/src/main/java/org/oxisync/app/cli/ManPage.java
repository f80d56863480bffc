package org.oxisync.app.cli;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.Map;
import picocli.CommandLine;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.PositionalParamSpec;

/**
 * The man page {@code oxisync(1)} in roff, made from the command line's own picocli model, so it never disagrees
 * with {@code --help}. The packages build it ({@code java -cp oxisync.jar org.oxisync.app.cli.ManPage VERSION}) and
 * install it as {@code /usr/share/man/man1/oxisync.1.gz}.
 */
public final class ManPage {
    private ManPage() {}

    public static void main(String[] args) {
        PrintWriter out = new PrintWriter(System.out, true);
        out.print(render(args.length > 0 ? args[0] : org.oxisync.app.Version.current()));
        out.flush();
    }

    public static String render(String version) {
        CommandLine root = OxiSyncMain.newCommandLine(new PrintWriter(new StringWriter()), new PrintWriter(new StringWriter()));
        StringBuilder m = new StringBuilder();
        m.append(".TH OXISYNC 1 \"\" \"oxisync ").append(esc(version)).append("\" \"OxiSync Manual\"\n");
        m.append(".SH NAME\noxisync \\- a two\\-way sync client for OxiCloud\n");
        m.append(".SH SYNOPSIS\n.B oxisync\n[\\fB\\-\\-home\\fR \\fIDIR\\fR] \\fICOMMAND\\fR [\\fIOPTIONS\\fR] [\\fIARGUMENTS\\fR]\n");
        m.append(".br\n.B oxisync\n\\fB\\-\\-version\\fR | \\fB\\-\\-help\\fR | \\fBhelp\\fR \\fICOMMAND\\fR\n");
        m.append(".SH DESCRIPTION\n");
        for (String line : root.getCommandSpec().usageMessage().description()) {
            m.append(esc(line)).append("\n.PP\n");
        }
        m.append(".SH COMMANDS\n");
        for (Map.Entry<String, CommandLine> e : root.getSubcommands().entrySet()) {
            if (!e.getKey().equals("help")) {
                command(m, "oxisync " + e.getKey(), e.getValue());
            }
        }
        m.append(".SH EXIT STATUS\n");
        m.append(".TP\n.B 0\nDone, or in sync.\n.TP\n.B 1\nSome items failed (reported, retried next run).\n");
        m.append(".TP\n.B 2\nConfiguration, authentication or usage error; nothing was synced.\n");
        m.append(".TP\n.B 3\nStopped by the mass\\-delete guard (\\fB\\-\\-allow\\-mass\\-delete\\fR to go on).\n");
        m.append(".SH ENVIRONMENT\n");
        env(m, "OXISYNC_HOME", "Keep all configuration, data and logs in this folder (as \\-\\-home).");
        env(m, "OXISYNC_LOG_LEVEL", "warn (default), info, debug or trace: how much goes to standard error.");
        env(m, "OXISYNC_JAVA_OPTS", "Extra JVM options for the launcher.");
        m.append(".SH FILES\n.TP\n.I ~/.local/share/oxisync\nConfiguration, the local store (sync journal, versions),"
                + " logs, and the daemon's control socket daemon.sock.\n");
        m.append(".TP\n.I /usr/lib/systemd/user/oxisync.service\nThe systemd user unit: "
                + "\\fBsystemctl \\-\\-user enable \\-\\-now oxisync.service\\fR.\n");
        m.append(".SH SEE ALSO\nhttps://github.com/oxisync/oxisync\n");
        return m.toString();
    }

    private static void command(StringBuilder m, String name, CommandLine c) {
        CommandSpec spec = c.getCommandSpec();
        StringBuilder synopsis = new StringBuilder(name);
        for (PositionalParamSpec p : spec.positionalParameters()) {
            synopsis.append(' ').append(p.arity().min == 0 ? "[" + p.paramLabel() + "]" : p.paramLabel());
        }
        if (!c.getSubcommands().isEmpty()) {
            synopsis.append(" ").append(String.join("|", c.getSubcommands().keySet()));
        }
        m.append(".SS \"").append(esc(synopsis.toString())).append("\"\n");
        m.append(esc(String.join(" ", spec.usageMessage().description()))).append("\n");
        for (ArgSpec a : spec.args()) {
            if (a instanceof OptionSpec o && (o.usageHelp() || o.versionHelp())) {
                continue;
            }
            m.append(".TP\n");
            if (a instanceof OptionSpec o) {
                m.append("\\fB").append(esc(String.join(", ", o.names()))).append("\\fR");
                if (o.arity().max > 0) {
                    m.append(" \\fI").append(esc(o.paramLabel())).append("\\fR");
                }
            } else {
                m.append("\\fI").append(esc(a.paramLabel())).append("\\fR");
            }
            m.append("\n").append(esc(String.join(" ", a.renderedDescription()))).append("\n");
        }
        for (Map.Entry<String, CommandLine> e : c.getSubcommands().entrySet()) {
            command(m, name + " " + e.getKey(), e.getValue());
        }
    }

    private static void env(StringBuilder m, String name, String text) {
        m.append(".TP\n.B ").append(name).append("\n").append(text).append("\n");
    }

    /** Text for roff: backslashes and hyphens escaped, no line starting with a control character. */
    static String esc(String s) {
        String t = s.replace("\\", "\\e").replace("-", "\\-");
        return t.startsWith(".") || t.startsWith("'") ? "\\&" + t : t;
    }
}
