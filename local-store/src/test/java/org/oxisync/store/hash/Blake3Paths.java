package org.oxisync.store.hash;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;
import org.junit.jupiter.api.Named;

/** The BLAKE3 kernels a test runs against: always scalar, and SIMD when the JVM has the Vector API module. */
final class Blake3Paths {
    private Blake3Paths() {}

    static List<Named<Supplier<Blake3Kernel>>> all() {
        List<Named<Supplier<Blake3Kernel>>> kernels = new ArrayList<>();
        kernels.add(Named.of("scalar", Blake3Kernels.scalar()));
        Blake3Kernels.vector().ifPresent(k -> kernels.add(Named.of("simd", k)));
        if (Boolean.getBoolean("oxisync.test.expectVector")) {
            // surefire adds the module and sets this property: the SIMD path must really be tested there
            assertTrue(kernels.size() == 2, "SIMD BLAKE3 kernel unavailable although the module was added");
        }
        return kernels;
    }
}
