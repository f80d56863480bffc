package org.oxisync.app;

import org.junit.jupiter.api.Test;
import org.oxisync.testing.PackageCycles;

/** The module's packages depend on each other one way only (docs/architecture.md, "No package cycles"). */
class PackagesHaveNoCyclesTest {
    @Test
    void noPackageOfThisModuleDependsOnItselfThroughAnother() {
        PackageCycles.assertNone("org.oxisync.app");
    }
}
