package org.oxisync.emulator.bus;

import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Base64;

/** The few parts of RFC 6455 the bus needs: the accept key, reading masked client frames, writing server frames. */
final class WebSocketFrames {
    static final int TEXT = 0x1;
    static final int CLOSE = 0x8;
    static final int PING = 0x9;
    static final int PONG = 0xA;
    /** Largest client message accepted (a subscribe of many topics fits easily). */
    static final int MAX_MESSAGE = 4 << 20;
    private static final String GUID = "258EAFA5-E914-47DA-95CA-C5AB0DC85B11";

    private WebSocketFrames() {}

    /** {@code Sec-WebSocket-Accept} for a client's {@code Sec-WebSocket-Key}. */
    static String accept(String key) {
        try {
            byte[] sha = MessageDigest.getInstance("SHA-1").digest((key.trim() + GUID).getBytes(StandardCharsets.US_ASCII));
            return Base64.getEncoder().encodeToString(sha);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /** A whole message (continuation frames joined). Control frames come back on their own. */
    record Message(int opcode, byte[] payload) {
        String text() {
            return new String(payload, StandardCharsets.UTF_8);
        }
    }

    static Message read(InputStream raw) throws IOException {
        DataInputStream in = new DataInputStream(raw);
        ByteArrayOutputStream message = null;
        int messageOpcode = 0;
        while (true) {
            int b0 = in.read();
            if (b0 < 0) {
                throw new EOFException("connection closed");
            }
            int b1 = in.readUnsignedByte();
            boolean fin = (b0 & 0x80) != 0;
            int opcode = b0 & 0x0F;
            if ((b1 & 0x80) == 0) {
                throw new IOException("client frames must be masked (RFC 6455 §5.1)");
            }
            long len = b1 & 0x7F;
            if (len == 126) {
                len = in.readUnsignedShort();
            } else if (len == 127) {
                len = in.readLong();
            }
            if (len < 0 || len > MAX_MESSAGE) {
                throw new IOException("frame too large");
            }
            byte[] mask = in.readNBytes(4);
            byte[] payload = in.readNBytes((int) len);
            if (payload.length != len || mask.length != 4) {
                throw new EOFException("connection closed mid-frame");
            }
            for (int i = 0; i < payload.length; i++) {
                payload[i] ^= mask[i & 3];
            }
            if (opcode >= 0x8) {
                return new Message(opcode, payload);
            }
            if (opcode != 0) {
                messageOpcode = opcode;
                message = new ByteArrayOutputStream();
            } else if (message == null) {
                throw new IOException("continuation frame without a message");
            }
            message.write(payload);
            if (message.size() > MAX_MESSAGE) {
                throw new IOException("message too large");
            }
            if (fin) {
                return new Message(messageOpcode, message.toByteArray());
            }
        }
    }

    /** Writes one unmasked, final frame. */
    static void write(OutputStream out, int opcode, byte[] payload) throws IOException {
        int n = payload.length;
        byte[] header;
        if (n < 126) {
            header = new byte[] {(byte) (0x80 | opcode), (byte) n};
        } else if (n < 65536) {
            header = new byte[] {(byte) (0x80 | opcode), 126, (byte) (n >>> 8), (byte) n};
        } else {
            header = new byte[10];
            header[0] = (byte) (0x80 | opcode);
            header[1] = 127;
            for (int i = 0; i < 8; i++) {
                header[2 + i] = (byte) ((long) n >>> (56 - 8 * i));
            }
        }
        out.write(header);
        out.write(payload);
        out.flush();
    }
}
