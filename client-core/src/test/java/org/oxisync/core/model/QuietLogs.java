package org.oxisync.core.model;

import java.lang.reflect.Method;
import org.slf4j.LoggerFactory;

/**
 * Raises the level of the {@code org.oxisync} loggers to OFF while thousands of injected faults are logged (simulated crashes
 * even as errors), and puts it back afterwards. Logback is only a runtime dependency, hence reflection; with another
 * backend this does nothing.
 */
final class QuietLogs implements AutoCloseable {
    private final Object logger;
    private final Object previous;

    private QuietLogs(Object logger, Object previous) {
        this.logger = logger;
        this.previous = previous;
    }

    static QuietLogs warnOff() {
        Object logger = LoggerFactory.getLogger("org.oxisync");
        try {
            Class<?> level = Class.forName("ch.qos.logback.classic.Level");
            Object previous = logger.getClass().getMethod("getLevel").invoke(logger);
            setLevel(logger, level, level.getField("OFF").get(null));
            return new QuietLogs(logger, previous);
        } catch (ReflectiveOperationException | RuntimeException e) {
            return new QuietLogs(null, null);
        }
    }

    private static void setLevel(Object logger, Class<?> level, Object value) throws ReflectiveOperationException {
        Method m = logger.getClass().getMethod("setLevel", level);
        m.invoke(logger, value);
    }

    @Override
    public void close() {
        if (logger == null) {
            return;
        }
        try {
            setLevel(logger, Class.forName("ch.qos.logback.classic.Level"), previous);
        } catch (ReflectiveOperationException e) {
            // the level stays raised; only log output is affected
        }
    }
}
