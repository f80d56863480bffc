package org.oxisync.app.os;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.w3c.dom.NodeList;

class MacAutostartTest {

    @TempDir
    Path home;

    @Test
    void enableWritesLaunchAgentThatRunsTheCommandAtLoad() throws Exception {
        MacAutostart autostart = new MacAutostart(home,
                List.of("/Applications/OxiSync.app/Contents/MacOS/OxiSync", "--profile=a&b<c>"));
        assertFalse(autostart.isEnabled());

        autostart.enable();

        Path plist = home.resolve("Library/LaunchAgents/org.oxisync.OxiSync.plist");
        assertEquals(plist, autostart.plist());
        assertTrue(autostart.isEnabled());
        Element dict = (Element) parse(plist).getDocumentElement().getElementsByTagName("dict").item(0);
        assertEquals("org.oxisync.OxiSync", valueOf(dict, "Label").getTextContent());
        assertEquals("true", valueOf(dict, "RunAtLoad").getNodeName());
        NodeList strings = ((Element) valueOf(dict, "ProgramArguments")).getElementsByTagName("string");
        List<String> args = new ArrayList<>();
        for (int i = 0; i < strings.getLength(); i++) {
            args.add(strings.item(i).getTextContent());
        }
        assertEquals(List.of("/Applications/OxiSync.app/Contents/MacOS/OxiSync", "--profile=a&b<c>"), args);
    }

    @Test
    void disableRemovesTheLaunchAgentAndIsHarmlessWhenAbsent() throws Exception {
        MacAutostart autostart = new MacAutostart(home, List.of("/Applications/OxiSync.app/Contents/MacOS/OxiSync"));
        autostart.disable();
        autostart.enable();

        autostart.disable();

        assertFalse(Files.exists(autostart.plist()));
        assertFalse(autostart.isEnabled());
    }

    private static Document parse(Path plist) throws Exception {
        DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
        factory.setValidating(false);
        factory.setFeature("http://apache.org/xml/features/nonvalidating/load-external-dtd", false);
        return factory.newDocumentBuilder().parse(plist.toFile());
    }

    /** The element following {@code <key>name</key>} in a plist dict. */
    private static Node valueOf(Element dict, String name) {
        NodeList keys = dict.getElementsByTagName("key");
        for (int i = 0; i < keys.getLength(); i++) {
            if (keys.item(i).getTextContent().equals(name)) {
                Node next = keys.item(i).getNextSibling();
                while (next.getNodeType() != Node.ELEMENT_NODE) {
                    next = next.getNextSibling();
                }
                return next;
            }
        }
        throw new AssertionError("no key " + name);
    }
}
