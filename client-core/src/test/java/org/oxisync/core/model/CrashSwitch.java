package org.oxisync.core.model;

import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.util.function.Supplier;
import org.oxisync.core.engine.SyncListener;
import org.oxisync.core.engine.SyncReport;
import org.oxisync.core.progress.ProgressSnapshot;
import org.oxisync.core.scan.Digester;
import org.oxisync.protocol.OxiCloudApi;

/**
 * Simulates the process dying at a chosen point of a run. Every hook (each API call, once before it is sent and once
 * after the server answered; each file hashed; each listener callback) counts down; when the count reaches zero the
 * switch is dead and that hook and every later one throw {@link SimulatedCrash}, an {@link Error} the engine does not
 * catch, so nothing more of the run happens (a worker already inside a local step may finish that step, as a
 * slower thread would have). The in-memory journal batch is lost as in a real crash; the test then closes the store
 * and opens it again with a new engine, as a restarted process would.
 */
final class CrashSwitch {
    /** The simulated death of the process. */
    static final class SimulatedCrash extends Error {
        SimulatedCrash(String where) {
            super("simulated crash at " + where, null, false, false);
        }
    }

    private int remaining;
    private volatile boolean dead;
    private volatile String where;

    /** Dies at the {@code n}-th hook from now (n ≥ 1). */
    synchronized void arm(int n) {
        remaining = n;
        dead = false;
        where = null;
    }

    synchronized void disarm() {
        remaining = 0;
        dead = false;
        where = null;
    }

    boolean dead() {
        return dead;
    }

    String where() {
        return where;
    }

    void hook(String point) {
        if (dead) {
            throw new SimulatedCrash(point + " (after death at " + where + ")");
        }
        synchronized (this) {
            if (remaining > 0 && --remaining == 0) {
                where = point;
                dead = true;
                throw new SimulatedCrash(point);
            }
        }
    }

    /** The api as the engine sees it: every call passes two hooks, before it is sent and after its answer. */
    OxiCloudApi api(OxiCloudApi real) {
        InvocationHandler h = (proxy, m, args) -> {
            boolean hooked = !m.getName().equals("close") && m.getDeclaringClass() != Object.class;
            if (hooked) {
                hook("before " + m.getName());
            }
            Object out;
            try {
                out = m.invoke(real, args);
            } catch (InvocationTargetException e) {
                throw e.getCause();
            }
            if (hooked) {
                hook("after " + m.getName());
            }
            return out;
        };
        return (OxiCloudApi) Proxy.newProxyInstance(OxiCloudApi.class.getClassLoader(), new Class<?>[] {OxiCloudApi.class}, h);
    }

    Digester digester(Digester real) {
        return file -> {
            hook("hash " + file.getFileName());
            return real.digest(file);
        };
    }

    /** A listener that passes the hooks, then tells {@code next} (read at each call). */
    SyncListener listener(Supplier<SyncListener> next) {
        return new SyncListener() {
            @Override
            public void phase(String pair, String phase) {
                hook("phase " + phase);
                next.get().phase(pair, phase);
            }

            @Override
            public void progress(String pair, ProgressSnapshot snapshot) {
                hook("progress");
                next.get().progress(pair, snapshot);
            }

            @Override
            public void itemDone(String pair, String description, String error) {
                hook("done " + description);
                next.get().itemDone(pair, description, error);
            }

            @Override
            public void conflict(String pair, String path, String conflictCopy) {
                hook("conflict " + path);
                next.get().conflict(pair, path, conflictCopy);
            }

            @Override
            public void finished(SyncReport report) {
                hook("finished");
                next.get().finished(report);
            }
        };
    }
}
