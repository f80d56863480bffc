package org.oxisync.testing;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.library.dependencies.SliceAssignment;
import com.tngtech.archunit.library.dependencies.SliceIdentifier;
import com.tngtech.archunit.library.dependencies.SlicesRuleDefinition;

/**
 * The build's rule that no package of a module depends on itself through another (docs/architecture.md, "No package
 * cycles"): every module's {@code PackagesHaveNoCyclesTest} calls {@link #assertNone} on its main classes. Each package
 * is its own slice, the root package included, so a sub-package that reaches back to its parent is a cycle too.
 */
public final class PackageCycles {
    private PackageCycles() {
    }

    /** Fails, naming every cycle and the classes that make it, when the main classes under {@code root} have one. */
    public static void assertNone(String root) {
        JavaClasses classes = new ClassFileImporter()
                .withImportOption(location -> !location.contains("/test-classes/")) // any build folder name
                .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_JARS)
                .importPackages(root);
        if (classes.isEmpty()) {
            throw new AssertionError("no main classes found under " + root + ": the check would pass vacuously");
        }
        SlicesRuleDefinition.slices().assignedFrom(EACH_PACKAGE).should().beFreeOfCycles().check(classes);
    }

    private static final SliceAssignment EACH_PACKAGE = new SliceAssignment() {
        @Override
        public SliceIdentifier getIdentifierOf(JavaClass javaClass) {
            return SliceIdentifier.of(javaClass.getPackageName());
        }

        @Override
        public String getDescription() {
            return "each package";
        }
    };
}
