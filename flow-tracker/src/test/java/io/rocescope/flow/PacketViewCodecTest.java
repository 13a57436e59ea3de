package io.rocescope.flow;

import io.rocescope.dissector.field.FieldType;
import org.junit.jupiter.api.Test;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every field of {@link PacketView} (found by reflection, so that a field added later and not coded fails here)
 * survives the codec, each with values that differ from view to view; the tracker's address text is not kept.
 */
class PacketViewCodecTest {
    @Test
    void everyFieldRoundTrips() throws IllegalAccessException {
        List<Field> fields = new ArrayList<>();
        for (Field f : PacketView.class.getDeclaredFields()) {
            if (Modifier.isStatic(f.getModifiers()) || f.getName().equals("src") || f.getName().equals("dst")) continue;
            f.setAccessible(true);
            fields.add(f);
        }
        assertThat(fields).hasSizeGreaterThan(30);
        Random r = new Random(7);
        ByteBuffer buf = ByteBuffer.allocate(PacketViewCodec.BYTES * 200);
        List<PacketView> written = new ArrayList<>();
        for (int i = 0; i < 200; i++) {
            PacketView v = new PacketView();
            for (Field f : fields) set(f, v, r, i);
            v.src = Address.NONE;   // set by the tracker: not encoded
            int before = buf.position();
            PacketViewCodec.write(v, buf);
            assertThat(buf.position() - before).isEqualTo(PacketViewCodec.BYTES);
            written.add(v);
        }
        buf.flip();
        for (PacketView w : written) {
            PacketView v = PacketViewCodec.read(buf, new PacketView(), 1000);
            for (Field f : fields) {
                Object expected = f.getName().equals("frame") ? (Object) (w.frame + 1000) : f.get(w);
                assertThat(f.get(v)).as(f.getName()).isEqualTo(expected);
            }
            assertThat(v.src).isNull();
        }
        assertThat(buf.hasRemaining()).isFalse();
    }

    /** A tracker shard's copy of a view is the view: every field, the tracker's addresses too. */
    @Test
    void aCopyHasEveryField() throws IllegalAccessException {
        Random r = new Random(11);
        for (int i = 0; i < 50; i++) {
            PacketView v = new PacketView();
            int set = 0;
            for (Field f : PacketView.class.getDeclaredFields()) {
                if (Modifier.isStatic(f.getModifiers())) continue;
                f.setAccessible(true);
                if (f.getType() == Address.class) f.set(v, i % 3 == 0 ? null : Address.NONE);
                else set(f, v, r, i);
                set++;
            }
            assertThat(set).isGreaterThan(30);
            PacketView copy = new PacketView();
            copy.copyFrom(v);
            for (Field f : PacketView.class.getDeclaredFields()) {
                if (!Modifier.isStatic(f.getModifiers())) assertThat(f.get(copy)).as(f.getName()).isEqualTo(f.get(v));
            }
        }
    }

    private static void set(Field f, PacketView v, Random r, int i) throws IllegalAccessException {
        Class<?> t = f.getType();
        if (t == long.class) f.setLong(v, r.nextLong());
        else if (t == int.class) f.setInt(v, r.nextInt());
        else if (t == boolean.class) f.setBoolean(v, r.nextBoolean());
        else if (t == FieldType.class) f.set(v, i % 7 == 0 ? null : FieldType.values()[r.nextInt(FieldType.values().length)]);
        else if (t == TrafficKind.class) f.set(v, i % 5 == 0 ? null : TrafficKind.values()[r.nextInt(TrafficKind.values().length)]);
        else throw new AssertionError("PacketView." + f.getName() + " has a type the codec does not know: " + t);
    }
}
