package io.rocescope.dissector.filter;

import io.rocescope.dissector.decode.DecodedFrame;
import io.rocescope.dissector.field.FieldDef;
import io.rocescope.dissector.field.Fields;
import io.rocescope.dissector.text.ComputedFields;
import io.rocescope.dissector.text.FieldText;

import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * One side of a comparison: a field, a constant, a slice, a function or arithmetic. It yields every
 * value it has in a frame (a field present twice yields two; an absent one none), held as its
 * {@link VType} says. Operands are immutable and shared by the decoding threads.
 */
abstract class Operand {
    /** The type of the values; null for a {@link Literal} until it is read against the other side. */
    final VType type;
    /** Where it starts in the filter text (0-based), for error messages. */
    final int pos;

    Operand(VType type, int pos) {
        this.type = type;
        this.pos = pos;
    }

    /** Appends this operand's values in the frame. */
    abstract void values(DecodedFrame f, List<Object> out);

    /** The field whose value names or booleans a literal on the other side may use; null if none. */
    FieldDef def() { return null; }

    /** A field, e.g. {@code ip.addr}: one value per occurrence. */
    static final class Field extends Operand {
        final FieldDef field;
        private final boolean computed;

        Field(FieldDef def, int pos) {
            super(VType.of(def.type()), pos);
            this.field = def;
            this.computed = ComputedFields.isComputed(def);
        }

        @Override
        FieldDef def() { return field; }

        @Override
        void values(DecodedFrame f, List<Object> out) {
            if (computed) {
                int n = ComputedFields.count(field, f);
                for (int k = 0; k < n; k++) {
                    out.add(switch (type) {
                        case INT -> ComputedFields.number(field, f, k);
                        case STRING -> ComputedFields.text(field, f, k);
                        default -> new byte[0];
                    });
                }
                return;
            }
            for (int i = f.find(field); i >= 0; i = f.findNext(field, i)) out.add(value(f, i));
        }

        private Object value(DecodedFrame f, int i) {
            return switch (type) {
                case INT, TIME, ABSTIME, IPV4 -> f.value(i);
                case DOUBLE -> Double.longBitsToDouble(f.value(i));
                case ETHER -> {
                    long v = f.value(i);
                    byte[] b = new byte[6];
                    for (int k = 0; k < 6; k++) b[k] = (byte) (v >>> (40 - 8 * k));
                    yield b;
                }
                case IPV6 -> java.util.Arrays.copyOfRange(f.data(), f.offset(i), f.offset(i) + 16);
                case BYTES -> field == Fields.FRAME ? java.util.Arrays.copyOf(f.data(), f.capturedLength()) : f.bytes(i);
                case STRING -> FieldText.value(f, i);
            };
        }
    }

    /** Values fixed when the filter is compiled (a literal read as a type, a set's members). */
    static final class Constant extends Operand {
        final Object value;

        Constant(VType type, Object value, int pos) {
            super(type, pos);
            this.value = value;
        }

        @Override
        void values(DecodedFrame f, List<Object> out) { out.add(value); }
    }

    /** Text from the filter whose meaning depends on what it is compared with (10.0.0.1, 0x12, "x"). */
    static final class Literal extends Operand {
        final Lexer.Token token;

        Literal(Lexer.Token token) {
            super(null, token.pos());
            this.token = token;
        }

        @Override
        void values(DecodedFrame f, List<Object> out) {
            throw new IllegalStateException("literal not resolved: " + token.text());
        }
    }

    /** Arithmetic of literals only ({@code 1 * 2}): typed, like a literal, by what it is compared with. */
    static final class Deferred extends Operand {
        final Lexer.Token op;
        final Operand left, right;

        Deferred(Lexer.Token op, Operand left, Operand right) {
            super(null, left.pos);
            this.op = op;
            this.left = left;
            this.right = right;
        }

        @Override
        void values(DecodedFrame f, List<Object> out) {
            throw new IllegalStateException("constant expression not resolved");
        }
    }

    /** The bytes of a value, for slices and len(): addresses and strings as their bytes. */
    static byte[] bytesOf(Object v) {
        if (v instanceof byte[] b) return b;
        if (v instanceof String s) return s.getBytes(StandardCharsets.UTF_8);
        long x = (Long) v;   // an IPv4 address
        return new byte[] {(byte) (x >>> 24), (byte) (x >>> 16), (byte) (x >>> 8), (byte) x};
    }
}
