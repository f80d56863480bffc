package org.oxisync.ui.app;

import java.awt.Desktop;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import javafx.application.HostServices;

/**
 * Hands files, folders and web pages to the desktop: the browser through JavaFX's {@link HostServices}, files
 * through {@link Desktop} where supported, else the platform's opener ({@code xdg-open}, {@code open},
 * {@code explorer}). Runs on the {@link Background} executor; never on the FX thread.
 */
public final class DesktopActions implements Opener {
    private final HostServices host;
    private final Background background;

    public DesktopActions(HostServices host, Background background) {
        this.host = host;
        this.background = background;
    }

    @Override
    public void browse(String url) {
        if (host != null) {
            host.showDocument(url);
        } else {
            background.run(() -> launch(url));
        }
    }

    @Override
    public void open(Path file) {
        background.run(() -> launch(file.toString()));
    }

    /** Shows the file in its folder (selects it where the file manager can). */
    @Override
    public void showInFolder(Path file) {
        background.run(() -> {
            String os = System.getProperty("os.name", "").toLowerCase(Locale.ROOT);
            if (os.startsWith("windows") && Files.exists(file)) {
                exec(List.of("explorer", "/select," + file));
            } else if (os.startsWith("mac") && Files.exists(file)) {
                exec(List.of("open", "-R", file.toString()));
            } else {
                Path dir = Files.isDirectory(file) ? file : file.getParent();
                launch(dir.toString());
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
