package org.oxisync.ui.app;

import java.awt.Desktop;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import javafx.application.HostServices;
import org.oxisync.ui.i18n.I18n;
import org.oxisync.ui.base.Background;

/**
 * Hands files, folders and web pages to the desktop: the browser through JavaFX's {@link HostServices}, files
 * through {@link Desktop} where supported, else the platform's opener ({@code xdg-open}, {@code open},
 * {@code explorer}). Runs on the {@link Background} executor; never on the FX thread.
 */
public final class DesktopActions implements Opener {
    private final HostServices host;
    private final Background background;
    private volatile java.util.function.Consumer<String> failures = m -> { };

    private final I18n i18n;

    public DesktopActions(I18n i18n, HostServices host, Background background) {
        this.i18n = i18n;
        this.host = host;
        this.background = background;
    }

    @Override
    public void onFailure(java.util.function.Consumer<String> handler) {
        failures = handler;
    }

    private void report(String message) {
        java.util.function.Consumer<String> h = failures;
        javafx.application.Platform.runLater(() -> h.accept(message));
    }

    @Override
    public void browse(String url) {
        if (host != null && !missingOpener()) {
            host.showDocument(url);
        } else {
            background.run(() -> {
                try {
                    launch(url);
                } catch (RuntimeException e) {
                    report(i18n.t("open.noBrowser", "reason", reason(e), "address", url));
                }
            });
        }
    }

    @Override
    public void open(Path file) {
        background.run(() -> {
            try {
                launch(file.toString());
            } catch (RuntimeException e) {
                report(i18n.t("open.noProgram", "file", file, "reason", reason(e)));
            }
        });
    }

    private String reason(RuntimeException e) {
        String m = e.getMessage() == null ? "" : e.getMessage();
        return m.contains("xdg-open") ? i18n.t("open.noXdgOpen") : m;
    }

    /** On Linux and BSD, when no {@code xdg-open} is on the PATH (the desktop's opener of files and pages). */
    static boolean missingOpener() {
        String os = System.getProperty("os.name", "").toLowerCase(Locale.ROOT);
        if (os.startsWith("windows") || os.startsWith("mac")) {
            return false;
        }
        String path = System.getenv("PATH");
        if (path == null) {
            return true;
        }
        for (String dir : path.split(java.io.File.pathSeparator)) {
            if (!dir.isEmpty() && Files.isExecutable(Path.of(dir, "xdg-open"))) {
                return false;
            }
        }
        return true;
    }

    /** Shows the file in its folder (selects it where the file manager can). */
    @Override
    public void showInFolder(Path file) {
        background.run(() -> {
          try {
            String os = System.getProperty("os.name", "").toLowerCase(Locale.ROOT);
            if (os.startsWith("windows") && Files.exists(file)) {
                exec(List.of("explorer", "/select," + file));
            } else if (os.startsWith("mac") && Files.exists(file)) {
                exec(List.of("open", "-R", file.toString()));
            } else {
                Path dir = Files.isDirectory(file) ? file : file.getParent();
                launch(dir.toString());
            }
          } catch (RuntimeException e) {
            report(i18n.t("open.noFileManager", "file", file, "reason", reason(e)));
          }
        });
    }

    private static void launch(String target) {
        try {
            if (Desktop.isDesktopSupported() && Desktop.getDesktop().isSupported(Desktop.Action.OPEN)
                    && !target.contains("://")) {
                Desktop.getDesktop().open(Path.of(target).toFile());
                return;
            }
        } catch (IOException | UnsupportedOperationException e) {
            // fall through to the platform opener
        }
        String os = System.getProperty("os.name", "").toLowerCase(Locale.ROOT);
        if (os.startsWith("windows")) {
            exec(List.of("rundll32", "url.dll,FileProtocolHandler", target));
        } else if (os.startsWith("mac")) {
            exec(List.of("open", target));
        } else {
            exec(List.of("xdg-open", target));
        }
    }

    private static void exec(List<String> cmd) {
        try {
            new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        } catch (IOException e) {
            throw new IllegalStateException("cannot run " + cmd.get(0) + ": " + e.getMessage(), e);
        }
    }
}
