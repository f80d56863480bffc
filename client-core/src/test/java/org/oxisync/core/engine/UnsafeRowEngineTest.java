package org.oxisync.core.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;
import org.oxisync.core.scan.LocalScanner;
import org.oxisync.core.transfer.TransferOptions;
import org.oxisync.protocol.OxiCloudApi;
import org.oxisync.protocol.Resource;
import org.oxisync.protocol.SkippedResource;
import org.oxisync.store.hash.FileChunker;

/**
 * One listing row the client cannot accept (a server that sends a file's name as {@code ../a.txt}) costs that row
 * alone (issue "hard to break" #1): reported, left alone locally (never deleted, never uploaded again), and the rest
 * of the pair syncs.
 */
class UnsafeRowEngineTest extends HarnessTest {

    /** The emulator's API, except that the row of {@code fileId} comes back as an unsafe name, left out. */
    private OxiCloudApi lyingAbout(String fileId) {
        OxiCloudApi real = h.api;
        return (OxiCloudApi) Proxy.newProxyInstance(OxiCloudApi.class.getClassLoader(),
                new Class<?>[] {OxiCloudApi.class}, (proxy, m, args) -> {
                    if (m.getName().equals("allResources") && args.length == 2) {
                        @SuppressWarnings("unchecked") Consumer<SkippedResource> skipped = (Consumer<SkippedResource>) args[1];
                        List<Resource> rows = new ArrayList<>();
                        Iterator<Resource> it = real.allResources((String) args[0], skipped);
                        it.forEachRemaining(r -> {
                            if (r.id().equals(fileId)) {
                                skipped.accept(new SkippedResource("file", r.id(), "../" + r.name(),
                                        "a name that is not one path segment"));
                            } else {
                                rows.add(r);
                            }
                        });
                        return rows.iterator();
                    }
                    try {
                        return m.invoke(real, args);
                    } catch (InvocationTargetException e) {
                        throw e.getCause();
                    }
                });
    }

    @Test
    void oneUnsafeRowIsReportedAndLeftAloneWhileTheRestSyncs() {
        h.write("docs/a.txt", "a");
        h.write("docs/b.txt", "b");
        h.syncOk();
        String a = h.remote().fileId("/docs/a.txt");
        h.write("docs/c.txt", "new meanwhile");
        h.remote().putFile("/docs/d.txt", "from the server".getBytes()); // the folder changed: it is listed again

        SyncEngine lied = new SyncEngine(lyingAbout(a), h.store, new LocalScanner(FileChunker::digest, 2),
                TransferOptions.defaults(), h.clock, SyncListener.NONE);
        h.server.flushTreeEtags();
        SyncReport r = lied.runOnce(h.pair, SyncOptions.defaults("testhost"));

        assertEquals(SyncStatus.PARTIAL, r.status(), r.message());
        assertEquals(1, r.errors().size(), r.errors()::toString);
        assertEquals("docs/a.txt", r.errors().get(0).path());
        assertTrue(r.errors().get(0).reason().contains("not one path segment"), r.errors()::toString);
        assertEquals(org.oxisync.core.reason.ReasonCode.UNSAFE_NAME, r.errors().get(0).code());
        assertEquals(1, r.uploaded(), "the new file went up; the skipped one was not uploaded again");
        assertEquals(1, r.downloaded());
        assertEquals(0, r.deletedLocal());
        assertEquals("a", h.read("docs/a.txt"), "the local copy of the skipped row is untouched");

        SyncReport again = lied.runOnce(h.pair, SyncOptions.defaults("testhost"));
        assertEquals(0, again.uploaded() + again.deletedLocal() + again.deletedRemote(), "still left alone");

        h.syncOk(); // the server shows the row safely again
        h.assertInSync();
    }
}
