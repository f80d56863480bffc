package org.oxisync.ui.app;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.PatternLayout;
import ch.qos.logback.classic.pattern.MessageConverter;
import ch.qos.logback.classic.pattern.ThrowableProxyConverter;
import ch.qos.logback.core.encoder.LayoutWrappingEncoder;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.rolling.FixedWindowRollingPolicy;
import ch.qos.logback.core.rolling.RollingFileAppender;
import ch.qos.logback.core.rolling.SizeBasedTriggeringPolicy;
import ch.qos.logback.core.util.FileSize;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Pattern;
import org.slf4j.LoggerFactory;

/**
 * The desktop app's log file: {@code <log folder>/oxisync-ui.log} (the folder Settings → Advanced opens), rolled
 * at 5 MiB, the last 5 kept. client-core's {@code LogSetup} only writes to stderr, which nobody sees for a
 * window, so the app adds this appender to logback's root logger at start.
 *
 * <p>Secrets never reach the file: messages and stack traces are masked ({@link #mask}) after {@code Bearer},
 * {@code Authorization:} and {@code password}, {@code token}, {@code secret} or {@code code} keys (OxiSync's own
 * classes do not log them either; this guards library messages). Where logback is not the SLF4J backend, nothing is installed.
 */
public final class GuiLog implements AutoCloseable {
    /** The file's name inside the log folder. */
    public static final String FILE = "oxisync-ui.log";
    private static final String APPENDER = "oxisync-ui-file";
    private static final Pattern SECRETS = Pattern.compile("(?i)(bearer\\s+|authorization:\\s*(?:bearer\\s+|basic\\s+)?|"
            + "(?:password|passwd|secret|token|device_code|api_?key)\"?\\s*[=:]\\s*\"?)[^\\s\",&;}]+");
    private static final String PATTERN = "%d{yyyy-MM-dd HH:mm:ss.SSS} %-5level [%thread] %logger{0}: %maskedMsg%n%maskedEx";

    private final LoggerContext context;
    private final RollingFileAppender<ILoggingEvent> appender;

    private GuiLog(LoggerContext context, RollingFileAppender<ILoggingEvent> appender) {
        this.context = context;
        this.appender = appender;
    }

    /** Starts writing to {@code dir}/{@value #FILE} at {@code level} (error, warn, info, debug); empty without logback. */
    public static Optional<GuiLog> install(Path dir, String level) {
        if (!(LoggerFactory.getILoggerFactory() instanceof LoggerContext ctx)) {
            return Optional.empty();
        }
        Logger root = ctx.getLogger(org.slf4j.Logger.ROOT_LOGGER_NAME);
        if (root.getAppender(APPENDER) instanceof RollingFileAppender<ILoggingEvent> old) {
            root.detachAppender(old);
            old.stop();
        }
        PatternLayout layout = new PatternLayout();
        layout.setContext(ctx);
        layout.getInstanceConverterMap().put("maskedMsg", MaskedMessage::new);
        layout.getInstanceConverterMap().put("maskedEx", MaskedThrowable::new);
        layout.setPattern(PATTERN);
        layout.start();
        LayoutWrappingEncoder<ILoggingEvent> encoder = new LayoutWrappingEncoder<>();
        encoder.setContext(ctx);
        encoder.setLayout(layout);
        encoder.start();

        try {
            // the log names files and the server: made 0600 in a 0700 folder before logback opens it to append
            org.oxisync.store.io.OwnerOnly.createDirectories(dir);
            org.oxisync.store.io.OwnerOnly.createFile(dir.resolve(FILE));
        } catch (java.io.IOException e) {
            LoggerFactory.getLogger(GuiLog.class).warn("cannot prepare the log file in {}: {}", dir, e.getMessage());
        }
        RollingFileAppender<ILoggingEvent> file = new RollingFileAppender<>();
        file.setContext(ctx);
        file.setName(APPENDER);
        file.setFile(dir.resolve(FILE).toString());
        file.setEncoder(encoder);
        FixedWindowRollingPolicy rolling = new FixedWindowRollingPolicy();
        rolling.setContext(ctx);
        rolling.setParent(file);
        rolling.setFileNamePattern(dir.resolve("oxisync-ui.%i.log").toString());
        rolling.setMinIndex(1);
        rolling.setMaxIndex(5);
        SizeBasedTriggeringPolicy<ILoggingEvent> trigger = new SizeBasedTriggeringPolicy<>();
        trigger.setContext(ctx);
        trigger.setMaxFileSize(FileSize.valueOf("5MB"));
        file.setRollingPolicy(rolling);
        file.setTriggeringPolicy(trigger);
        rolling.start();
        trigger.start();
        file.start(); // creates the folder and the file
        if (!file.isStarted()) {
            return Optional.empty();
        }
        root.addAppender(file);
        GuiLog log = new GuiLog(ctx, file);
        log.level(level);
        return Optional.of(log);
    }

    /** Changes the level at once (Settings → Advanced). Unknown names mean "warn". */
    public void level(String name) {
        Level l = Level.toLevel(name == null ? "warn" : name.toUpperCase(Locale.ROOT), Level.WARN);
        context.getLogger(org.slf4j.Logger.ROOT_LOGGER_NAME).setLevel(l);
        // The session's start and end are always worth a line, whatever the level.
        context.getLogger(SESSION).setLevel(Level.INFO);
    }

    /** The logger of the "OxiSync started / stopped" lines. */
    public static final String SESSION = "org.oxisync.ui.session";

    /** {@code text} with the values of secret-looking keys replaced by {@code ***}. */
    public static String mask(String text) {
        return text == null || text.isEmpty() ? text : SECRETS.matcher(text).replaceAll("$1***");
    }

    /** %maskedMsg: the formatted message, masked. */
    static final class MaskedMessage extends MessageConverter {
        @Override
        public String convert(ILoggingEvent event) {
            return mask(super.convert(event));
        }
    }

    /** %maskedEx: the stack trace (with its messages), masked. */
    static final class MaskedThrowable extends ThrowableProxyConverter {
        @Override
        public String convert(ILoggingEvent event) {
            return mask(super.convert(event));
        }
    }

    @Override
    public void close() {
        context.getLogger(org.slf4j.Logger.ROOT_LOGGER_NAME).detachAppender(appender);
        appender.stop();
    }
}
