package org.oxisync.store.hash;

import jdk.incubator.vector.IntVector;

/**
 * The CPU's preferred vector length in 32-bit lanes, read without running any vector code (so without touching
 * the JIT profiles that {@link Blake3VectorKernels} warns about). Loaded only reflectively, like
 * {@link Blake3VectorKernel}, when the {@code jdk.incubator.vector} module is present.
 */
public final class Blake3VectorWidth {
    private Blake3VectorWidth() {}

    public static int preferredLanes() {
        return IntVector.SPECIES_PREFERRED.length();
    }
}
