package io.rocescope.flow;

import org.junit.jupiter.api.Test;

import java.util.HashMap;
import java.util.Map;
import java.util.SplittableRandom;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The endpoint index against a HashMap doing the same: random puts, conditional removes and lookups over
 * a few addresses and a QPN range small enough that entries collide, the table grows, and removals must
 * move later entries of a probe run up into the hole (a lost entry, or one found after its removal, fails).
 */
class EndpointIndexTest {
    private record Key(Address ip, int qpn) {}

    @Test
    void behavesAsAMapUnderCollisionsGrowthAndRemovals() {
        EndpointIndex index = new EndpointIndex();
        Map<Key, Connection> model = new HashMap<>();
        long[] ips = {0x0A000001L, 0x0A000002L, 0x0A000003L, 0xFE80L};
        Connection[] conns = new Connection[64];
        for (int i = 0; i < conns.length; i++) conns[i] = new Connection(i + 1, new Endpoint(ipv4(0x0A000001L), i), new Endpoint(ipv4(0x0A000002L), i));
        SplittableRandom r = new SplittableRandom(11);
        for (int step = 0; step < 200_000; step++) {
            // the address as a new object each time: the index compares values, not identity
            Address ip = ipv4(ips[r.nextInt(ips.length)]);
            int qpn = r.nextInt(step < 100_000 ? 3000 : 300);   // grow first, then mostly remove
            Connection c = conns[r.nextInt(conns.length)];
            Key k = new Key(ip, qpn);
            switch (r.nextInt(step < 100_000 ? 3 : 5)) {
                case 0 -> { index.put(ip, qpn, c); model.put(k, c); }
                case 1 -> assertThat(index.get(ip, qpn)).isSameAs(model.get(k));
                default -> {
                    Connection now = model.get(k);
                    Connection which = r.nextBoolean() && now != null ? now : c;   // the mapped one, or maybe another
                    index.remove(ip, qpn, which);
                    model.remove(k, which);
                }
            }
            assertThat(index.size()).isEqualTo(model.size());
        }
        assertThat(model).isNotEmpty();
        model.forEach((k, c) -> assertThat(index.get(k.ip(), k.qpn())).isSameAs(c));
    }

    private static Address ipv4(long value) {
        return new Address(io.rocescope.dissector.field.FieldType.IPV4, 0, value, "?");
    }
}
