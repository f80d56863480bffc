package org.oxisync.app.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.core.Appender;
import ch.qos.logback.core.ConsoleAppender;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.slf4j.Logger;

/** The programmatic logging set-up: stderr only, WARN unless OXISYNC_LOG_LEVEL names another level. */
class LogSetupTest {
    @Test
    void logsGoToStderrAtTheLevelOfTheSettingWarnByDefault() {
        LoggerContext context = new LoggerContext();
        LogSetup setup = new LogSetup();
        setup.setContext(context);
        setup.configure(context);
        ch.qos.logback.classic.Logger root = context.getLogger(Logger.ROOT_LOGGER_NAME);
        List<Appender<?>> appenders = new ArrayList<>();
        root.iteratorForAppenders().forEachRemaining(appenders::add);
        assertEquals(1, appenders.size());
        assertTrue(appenders.get(0) instanceof ConsoleAppender<?> c && c.getTarget().equals("System.err"));
        String env = System.getenv("OXISYNC_LOG_LEVEL");
        assertEquals(LogSetup.level(env), root.getLevel());
    }

    @Test
    void theLevelSettingIsReadLeniently() {
        assertEquals(Level.WARN, LogSetup.level(null));
        assertEquals(Level.WARN, LogSetup.level(" "));
        assertEquals(Level.DEBUG, LogSetup.level("debug"));
        assertEquals(Level.INFO, LogSetup.level(" INFO "));
        assertEquals(Level.WARN, LogSetup.level("loud"));
    }

    @Test
    void logbackFindsTheSetUpThroughItsServiceFile() {
        LoggerContext context = (LoggerContext) org.slf4j.LoggerFactory.getILoggerFactory();
        ch.qos.logback.classic.Logger root = context.getLogger(Logger.ROOT_LOGGER_NAME);
        Appender<?> stderr = root.getAppender("STDERR");
        assertTrue(stderr instanceof ConsoleAppender<?>, "the process's root logger has LogSetup's appender");
    }
}
