package org.oxisync.app.cli;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.encoder.PatternLayoutEncoder;
import ch.qos.logback.classic.spi.Configurator;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.ConsoleAppender;
import ch.qos.logback.core.spi.ContextAwareBase;
import org.slf4j.Logger;

/**
 * The logging set-up of every OxiSync process, found by logback through {@code META-INF/services}: logs go to
 * stderr (stdout carries results and {@code --json}), warnings and errors only unless {@code OXISYNC_LOG_LEVEL}
 * says {@code info}, {@code debug} or {@code trace}. Made in code rather than from a {@code logback.xml}: parsing
 * that file was about 60 ms of every CLI start. The desktop app adds its own file log on top ({@code GuiLog}).
 */
public final class LogSetup extends ContextAwareBase implements Configurator {
    static final String PATTERN = "%d{HH:mm:ss.SSS} %-5level %logger{0}: %msg%n";

    @Override
    public ExecutionStatus configure(LoggerContext context) {
        PatternLayoutEncoder encoder = new PatternLayoutEncoder();
        encoder.setContext(context);
        encoder.setPattern(PATTERN);
        encoder.start();
        ConsoleAppender<ILoggingEvent> stderr = new ConsoleAppender<>();
        stderr.setContext(context);
        stderr.setName("STDERR");
        stderr.setTarget("System.err");
        stderr.setEncoder(encoder);
        stderr.start();
        ch.qos.logback.classic.Logger root = context.getLogger(Logger.ROOT_LOGGER_NAME);
        root.setLevel(level(System.getenv("OXISYNC_LOG_LEVEL")));
        root.addAppender(stderr);
        return ExecutionStatus.DO_NOT_INVOKE_NEXT_IF_ANY;
    }

    /** The root level for {@code OXISYNC_LOG_LEVEL}: WARN when unset or not a level name. */
    static Level level(String setting) {
        return setting == null || setting.isBlank() ? Level.WARN : Level.toLevel(setting.trim(), Level.WARN);
    }
}
