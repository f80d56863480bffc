package org.oxisync.core.testing;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import org.oxisync.protocol.OxiCloudApi;

/**
 * A test seam around an engine's API client: {@link Hook#at} runs on the calling thread right before and right
 * after every call, so a test can put another device's action into an exact point of this client's request
 * sequence (between the check before a commit and the commit, between the commit and the check after it). Only
 * tests use it; it holds no state of its own.
 */
public final class ApiSeam {
    private ApiSeam() {
    }

    /** What a test does around a call. */
    @FunctionalInterface
    public interface Hook {
        /** @param after false before the call, true after it returned (not called when it threw) */
        void at(String method, Object[] args, boolean after) throws Exception;
    }

    public static OxiCloudApi wrap(OxiCloudApi api, Hook hook) {
        return (OxiCloudApi) Proxy.newProxyInstance(OxiCloudApi.class.getClassLoader(),
                new Class<?>[] {OxiCloudApi.class}, (proxy, method, args) -> {
                    Object[] a = args == null ? new Object[0] : args;
                    hook.at(method.getName(), a, false);
                    Object result;
                    try {
                        result = method.invoke(api, args);
                    } catch (InvocationTargetException e) {
                        throw e.getCause();
                    }
                    hook.at(method.getName(), a, true);
                    return result;
                });
    }
}
