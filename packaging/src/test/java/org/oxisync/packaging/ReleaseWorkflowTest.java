package org.oxisync.packaging;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** .github/workflows/release.yml must parse and must build with profiles that packaging/pom.xml has. */
class ReleaseWorkflowTest {

    private static final Pattern PROFILE_OPTION = Pattern.compile("-P\\s*([^\\s\"']+)");
    private static final Set<String> INSTALLER_PROFILES = Set.of("deb", "rpm", "msi", "dmg");

    private static JsonNode workflow;
    private static JsonNode job;

    @BeforeAll
    static void parse() throws Exception {
        workflow = new YAMLMapper().readTree(
                ProjectFiles.repoRoot().resolve(".github/workflows/release.yml").toFile());
        job = workflow.path("jobs").path("installers");
    }

    @Test
    void workflowParsesIntoJobsWithSteps() {
        assertTrue(job.path("steps").isArray() && job.path("steps").size() > 0, "jobs.installers.steps");
        assertEquals("${{ matrix.os }}", job.path("runs-on").asText());
    }

    @Test
    void installersAreBuiltOnTemurin25TheJavaTheProjectRequires() {
        JsonNode setupJava = null;
        for (JsonNode step : job.path("steps")) {
            if (step.path("uses").asText().startsWith("actions/setup-java")) {
                setupJava = step;
            }
        }
        assertTrue(setupJava != null, "the workflow sets up a JDK");
        assertEquals("temurin", setupJava.path("with").path("distribution").asText());
        assertEquals("25", setupJava.path("with").path("java-version").asText());
    }

    @Test
    void matrixBuildsOnUbuntuWindowsAndMacos() {
        Set<String> systems = new LinkedHashSet<>();
        for (JsonNode entry : job.path("strategy").path("matrix").path("include")) {
            systems.add(entry.path("os").asText());
        }
        assertEquals(Set.of("ubuntu-latest", "windows-latest", "macos-latest"), systems);
    }

    @Test
    void everyProfileTheWorkflowNamesExistsInThePackagingPom() throws Exception {
        Set<String> pomProfiles = ProjectFiles.pomProfiles(ProjectFiles.pom()).keySet();
        List<String> named = namedProfiles();

        assertFalse(named.isEmpty(), "the workflow names no -P profile");
        for (String profile : named) {
            assertTrue(pomProfiles.contains(profile), "profile " + profile + " is not in packaging/pom.xml " + pomProfiles);
        }
    }

    @Test
    void everyInstallerProfileIsBuiltBySomeSystem() {
        assertTrue(new LinkedHashSet<>(namedProfiles()).containsAll(INSTALLER_PROFILES), namedProfiles().toString());
    }

    @Test
    void uploadedFilesComeFromTheFolderJpackageWritesTo() throws Exception {
        String dist = ProjectFiles.pomProperties(ProjectFiles.pom()).get("jpackage.dist")
                .replace("${project.build.directory}", "packaging/target");
        int uploads = 0;
        for (JsonNode step : job.path("steps")) {
            JsonNode path = step.path("with").path("path");
            JsonNode files = step.path("with").path("files");
            for (JsonNode list : List.of(path, files)) {
                for (String line : list.asText("").split("\n")) {
                    if (!line.isBlank()) {
                        uploads++;
                        assertTrue(line.strip().startsWith(dist + "/"), line + " is outside " + dist);
                    }
                }
            }
        }
        assertTrue(uploads >= 4, "expected the four installer patterns to be uploaded");
    }

    /** Every -P option of every run step, with ${{ matrix.profiles }} expanded for each matrix entry. */
    private static List<String> namedProfiles() {
        List<String> matrixProfiles = new ArrayList<>();
        for (JsonNode entry : job.path("strategy").path("matrix").path("include")) {
            matrixProfiles.add(entry.path("profiles").asText());
        }
        List<String> profiles = new ArrayList<>();
        for (JsonNode step : job.path("steps")) {
            String run = step.path("run").asText("");
            List<String> expanded = run.contains("${{ matrix.profiles }}")
                    ? matrixProfiles.stream().map(p -> run.replace("${{ matrix.profiles }}", p)).toList()
                    : List.of(run);
            for (String command : expanded) {
                Matcher m = PROFILE_OPTION.matcher(command);
                while (m.find()) {
                    for (String p : m.group(1).split(",")) {
                        profiles.add(p.strip());
                    }
                }
            }
        }
        return profiles;
    }
}
