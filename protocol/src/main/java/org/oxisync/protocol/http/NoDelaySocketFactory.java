package org.oxisync.protocol.http;

import java.io.IOException;
import java.net.InetAddress;
import java.net.Socket;
import java.net.SocketException;
import javax.net.SocketFactory;

/**
 * Sockets with TCP_NODELAY. OkHttp writes a request's headers and body in separate segments; with Nagle's
 * algorithm on, each small request then waits for the server's delayed ACK (about 40 ms on Linux), which capped a
 * sync of many small files at a few dozen files per second. A sync client sends many small requests: no Nagle.
 */
final class NoDelaySocketFactory extends SocketFactory {
    private final SocketFactory delegate = SocketFactory.getDefault();

    private static Socket noDelay(Socket s) throws SocketException {
        s.setTcpNoDelay(true);
        return s;
    }

    @Override
    public Socket createSocket() throws IOException {
        return noDelay(delegate.createSocket());
    }

    @Override
    public Socket createSocket(String host, int port) throws IOException {
        return noDelay(delegate.createSocket(host, port));
    }

    @Override
    public Socket createSocket(String host, int port, InetAddress localHost, int localPort) throws IOException {
        return noDelay(delegate.createSocket(host, port, localHost, localPort));
    }

    @Override
    public Socket createSocket(InetAddress host, int port) throws IOException {
        return noDelay(delegate.createSocket(host, port));
    }

    @Override
    public Socket createSocket(InetAddress address, int port, InetAddress localAddress, int localPort)
            throws IOException {
        return noDelay(delegate.createSocket(address, port, localAddress, localPort));
    }
}
