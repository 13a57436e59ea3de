package io.rocescope.flow;

import io.rocescope.dissector.field.FieldType;
import io.rocescope.dissector.value.Gid;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** A GID as the set-up trackers turn it into an address: by its value, never by its text. */
class AddressCacheTest {
    private final AddressCache cache = new AddressCache();

    @Test
    void anIpv4MappedGidIsTheIpv4AddressOfThePacketsItSends() {
        Address a = cache.gid(Gid.ipv4Mapped(0x0a000001L));
        assertThat(a).isEqualTo(cache.ipv4(0x0a000001L)).isSameAs(cache.ipv4(0x0a000001L));
        assertThat(a.type).isEqualTo(FieldType.IPV4);
        assertThat(a).hasToString("10.0.0.1");
    }

    @Test
    void anyOtherGidIsAnIpv6Address() {
        byte[] fd00_1 = new byte[16];
        fd00_1[0] = (byte) 0xfd;
        fd00_1[15] = 1;
        Address a = cache.gid(Gid.of(fd00_1, 0));
        assertThat(a).isEqualTo(cache.ipv6(fd00_1, 0));
        assertThat(a.type).isEqualTo(FieldType.IPV6);
        assertThat(a).hasToString("fd00::1");
        // ::a.b.c.d (IPv4-compatible, not mapped) stays an IPv6 address, and so does a link-local GID
        assertThat(cache.gid(new Gid(0, 0x0a000001L)).type).isEqualTo(FieldType.IPV6);
        assertThat(cache.gid(new Gid(0xfe80_0000_0000_0000L, 0x0000_0aff_fe00_0001L))).hasToString("fe80::aff:fe00:1");
    }
}
