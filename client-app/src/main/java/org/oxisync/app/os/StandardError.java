package org.oxisync.app.os;

import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.util.Optional;

/**
 * Gives the process its real standard error back after the launcher hid the JVM's start-up notices.
 *
 * <p>The BLAKE3 SIMD kernel needs the incubating Vector API module, and a JVM that resolves an incubator module
 * prints "WARNING: Using incubator modules" while it boots, before any code of ours runs; no JVM option turns that
 * off. The launcher therefore starts the JVM with standard error on /dev/null and the real one on another
 * descriptor, named by the system property {@value #PROPERTY}; this class, called first thing in {@code main},
 * moves that descriptor back to 2 with {@code dup2} (FFM, no JNI) and closes the spare. From then on everything,
 * including the JVM's own fatal errors, goes to the real standard error. Only the boot notices are lost, which is
 * the point; the launcher checks what could fail before {@code main} (the runtime, the jar) itself.
 */
public final class StandardError {
    public static final String PROPERTY = "oxisync.stderr.fd";

    private StandardError() {}

    /** Restores standard error from the descriptor the launcher named; a no-op when it named none. */
    public static void restoreFromLauncher() {
        parse(System.getProperty(PROPERTY)).ifPresent(StandardError::restore);
    }

    static Optional<Integer> parse(String value) {
        if (value == null || !value.matches("[3-9]")) {
            return Optional.empty();
        }
        return Optional.of(Integer.parseInt(value));
    }

    private static void restore(int fd) {
        try {
            Linker linker = Linker.nativeLinker();
            FunctionDescriptor intInt = FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.JAVA_INT);
            MethodHandle dup2 = linker.downcallHandle(linker.defaultLookup().find("dup2").orElseThrow(),
                    FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.JAVA_INT, ValueLayout.JAVA_INT));
            MethodHandle close = linker.downcallHandle(linker.defaultLookup().find("close").orElseThrow(), intInt);
            if ((int) dup2.invokeExact(fd, 2) == 2) {
                int ignored = (int) close.invokeExact(fd);
            }
        } catch (Throwable e) {
            // no libc dup2 (not a POSIX system): standard error stays where the launcher put it
        }
    }
}
