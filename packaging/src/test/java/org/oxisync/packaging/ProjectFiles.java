package org.oxisync.packaging;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javax.xml.parsers.DocumentBuilderFactory;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.w3c.dom.NodeList;

/** Reads the packaging module's own files (pom, scripts, workflow) for the consistency tests. */
final class ProjectFiles {

    private ProjectFiles() {
    }

    /** The packaging module folder (surefire runs in it; the pom also passes it as a system property). */
    static Path moduleDir() {
        String dir = System.getProperty("packaging.basedir");
        return dir != null ? Path.of(dir) : Path.of("").toAbsolutePath();
    }

    static Path repoRoot() {
        return moduleDir().getParent();
    }

    static Document pom() throws Exception {
        return parseXml(moduleDir().resolve("pom.xml"));
    }

    static Document parseXml(Path file) throws Exception {
        DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
        factory.setNamespaceAware(false);
        return factory.newDocumentBuilder().parse(file.toFile());
    }

    /** The {@code <properties>} of the pom's main section (not of its profiles). */
    static Map<String, String> pomProperties(Document pom) {
        return properties(childElement(pom.getDocumentElement(), "properties"));
    }

    /** Profile id to its {@code <properties>}. */
    static Map<String, Map<String, String>> pomProfiles(Document pom) {
        Map<String, Map<String, String>> profiles = new LinkedHashMap<>();
        Element section = childElement(pom.getDocumentElement(), "profiles");
        for (Element profile : childElements(section, "profile")) {
            profiles.put(childElement(profile, "id").getTextContent().strip(),
                    properties(childElement(profile, "properties")));
        }
        return profiles;
    }

    static String text(Path file) throws Exception {
        return Files.readString(file);
    }

    private static Map<String, String> properties(Element properties) {
        Map<String, String> values = new LinkedHashMap<>();
        if (properties != null) {
            NodeList children = properties.getChildNodes();
            for (int i = 0; i < children.getLength(); i++) {
                Node n = children.item(i);
                if (n.getNodeType() == Node.ELEMENT_NODE) {
                    values.put(n.getNodeName(), n.getTextContent().strip());
                }
            }
        }
        return values;
    }

    static Element childElement(Element parent, String name) {
        List<Element> found = childElements(parent, name);
        return found.isEmpty() ? null : found.get(0);
    }

    static List<Element> childElements(Element parent, String name) {
        List<Element> found = new ArrayList<>();
        if (parent == null) {
            return found;
        }
        NodeList children = parent.getChildNodes();
        for (int i = 0; i < children.getLength(); i++) {
            if (children.item(i) instanceof Element e && e.getTagName().equals(name)) {
                found.add(e);
            }
        }
        return found;
    }
}
