package io.rocescope.fleet;

import io.rocescope.dissector.TestCaptures;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/** The rows' interface column (issue 17 §2: pcapng interface name or description, the capture's file name otherwise). */
class PcapngInterfacesTest {
    @TempDir
    Path tmp;

    @Test
    void nameElseDescriptionElseTheFileName() throws IOException {
        Path named = Files.write(tmp.resolve("a.pcapng"), pcapng(option(2, "eth0"), option(3, "Mellanox ConnectX-6")));
        Path described = Files.write(tmp.resolve("b.pcapng"), pcapng(option(3, "mlx5_0 port 1")));
        Path bare = Files.write(tmp.resolve("host7-c.pcapng"), pcapng());
        assertThat(PcapngInterfaces.of(named)).isEqualTo("eth0");
        assertThat(PcapngInterfaces.of(described)).isEqualTo("mlx5_0 port 1");
        assertThat(PcapngInterfaces.of(bare)).isEqualTo("host7-c.pcapng");
        // a classic pcap describes no interface: its file name stands for it
        assertThat(PcapngInterfaces.of(TestCaptures.dir().resolve("rping.pcap"))).isEqualTo("rping.pcap");
    }

    private static byte[] option(int code, String value) {
        byte[] v = value.getBytes(StandardCharsets.UTF_8);
        ByteBuffer b = ByteBuffer.allocate(4 + ((v.length + 3) & ~3)).order(ByteOrder.LITTLE_ENDIAN);
        b.putShort((short) code).putShort((short) v.length).put(v);
        return b.array();
    }

    /** A section header and one Ethernet interface description with these options. */
    private static byte[] pcapng(byte[]... options) {
        ByteArrayOutputStream opts = new ByteArrayOutputStream();
        for (byte[] o : options) opts.writeBytes(o);
        if (options.length > 0) opts.writeBytes(new byte[4]);   // opt_endofopt
        ByteBuffer b = ByteBuffer.allocate(28 + 20 + opts.size()).order(ByteOrder.LITTLE_ENDIAN);
        b.putInt(0x0A0D0D0A).putInt(28).putInt(0x1A2B3C4D).putShort((short) 1).putShort((short) 0).putLong(-1).putInt(28);
        int idb = 20 + opts.size();
        b.putInt(1).putInt(idb).putShort((short) 1).putShort((short) 0).putInt(262144).put(opts.toByteArray()).putInt(idb);
        return b.array();
    }
}
