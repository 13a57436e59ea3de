package io.rocescope.dissector.filter;

import io.rocescope.dissector.decode.DecodedFrame;
import io.rocescope.dissector.field.FieldDef;

import java.util.ArrayList;
import java.util.List;

/**
 * {@code a OP b} with Wireshark 4.0's meaning for multi-valued operands: {@code ==} and the orderings
 * hold when some pair of values satisfies them, {@code !=} ("all_ne") when no pair is equal,
 * {@code ===} ("all_eq") when every pair is equal, {@code !==} ("any_ne", also {@code ~=}) when some pair
 * differs. An operand without a value (an absent field) makes every comparison false, {@code !=} too.
 */
final class Comparison implements DisplayFilter {
    enum Op { ANY_EQ, ALL_NE, ALL_EQ, ANY_NE, GT, GE, LT, LE }

    private final Operand left, right;
    private final Op op;
    private final VType type;

    private Comparison(Operand left, Op op, Operand right, VType type) {
        this.left = left;
        this.op = op;
        this.right = right;
        this.type = type;
    }

    /** The comparison; one integer field against one integer constant gets a loop without boxing. */
    static DisplayFilter of(Operand left, Op op, Operand right, VType type) {
        if ((type == VType.INT || type == VType.IPV4) && left instanceof Operand.Field fl
            && !io.rocescope.dissector.text.ComputedFields.isComputed(fl.field) && right instanceof Operand.Constant c) {
            if (c.value instanceof Long v) return new IntFieldTest(fl.field, op, v);
            if (c.value instanceof Net n && (op == Op.ANY_EQ || op == Op.ALL_NE)) return new NetFieldTest(fl.field, op == Op.ANY_EQ, n);
        }
        return new Comparison(left, op, right, type);
    }

    @Override
    public boolean matches(DecodedFrame f) {
        List<Object> a = new ArrayList<>(2);
        left.values(f, a);
        if (a.isEmpty()) return false;
        List<Object> b = new ArrayList<>(2);
        right.values(f, b);
        if (b.isEmpty()) return false;
        boolean all = op == Op.ALL_NE || op == Op.ALL_EQ;
        for (Object x : a) {
            for (Object y : b) {
                boolean ok = holds(x, y);
                if (all && !ok) return false;
                if (!all && ok) return true;
            }
        }
        return all;
    }

    private boolean holds(Object x, Object y) {
        return switch (op) {
            case ANY_EQ, ALL_EQ -> Values.equal(x, y);
            case ALL_NE, ANY_NE -> !Values.equal(x, y);
            case GT -> Values.compare(type, x, y) > 0;
            case GE -> Values.compare(type, x, y) >= 0;
            case LT -> Values.compare(type, x, y) < 0;
            case LE -> Values.compare(type, x, y) <= 0;
        };
    }

    static boolean holds(Op op, int c) {
        return switch (op) {
            case ANY_EQ, ALL_EQ -> c == 0;
            case ALL_NE, ANY_NE -> c != 0;
            case GT -> c > 0;
            case GE -> c >= 0;
            case LT -> c < 0;
            case LE -> c <= 0;
        };
    }

    /** {@code ip.addr == 10.0.0.0/24} (or {@code !=}): the field's occurrences tested in place. */
    private record NetFieldTest(FieldDef def, boolean any, Net net) implements DisplayFilter {
        @Override
        public boolean matches(DecodedFrame f) {
            int i = f.find(def);
            if (i < 0) return false;
            for (; i >= 0; i = f.findNext(def, i)) {
                if (net.contains(f.value(i))) return any;
            }
            return !any;
        }
    }

    /** The common cases {@code infiniband.bth.psn > 100}, {@code ip.src == 10.0.0.1}: the field's occurrences compared in place. */
    private record IntFieldTest(FieldDef def, Op op, long value) implements DisplayFilter {
        @Override
        public boolean matches(DecodedFrame f) {
            int i = f.find(def);
            if (i < 0) return false;
            boolean all = op == Op.ALL_NE || op == Op.ALL_EQ;
            for (; i >= 0; i = f.findNext(def, i)) {
                boolean ok = holds(op, Long.compareUnsigned(f.value(i), value));
                if (all && !ok) return false;
                if (!all && ok) return true;
            }
            return all;
        }
    }
}
