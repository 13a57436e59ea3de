package io.rocescope.dissector.filter;

import io.rocescope.dissector.decode.DecodedFrame;

import java.util.ArrayList;
import java.util.List;

/**
 * Wireshark 4's arithmetic: {@code + - * / %} and the bitwise {@code &} on integers ({@code + -}
 * also on times), and unary minus. With multi-valued operands every pair of values gives a result;
 * a division by zero gives none.
 */
final class Arithmetic extends Operand {
    private final char op;
    private final Operand left, right;   // left is null for unary minus

    Arithmetic(char op, Operand left, Operand right, VType type, int pos) {
        super(type, pos);
        this.op = op;
        this.left = left;
        this.right = right;
    }

    @Override
    void values(DecodedFrame f, List<Object> out) {
        List<Object> b = new ArrayList<>(2);
        right.values(f, b);
        if (left == null) {
            for (Object y : b) out.add(type == VType.DOUBLE ? (Object) (-(Double) y) : (Object) (-(Long) y));
            return;
        }
        List<Object> a = new ArrayList<>(2);
        left.values(f, a);
        for (Object x : a) {
            for (Object y : b) {
                Object r = type == VType.DOUBLE ? apply((Double) x, (Double) y) : apply((Long) x, (Long) y);
                if (r != null) out.add(r);
            }
        }
    }

    private Object apply(long x, long y) {
        return switch (op) {
            case '+' -> x + y;
            case '-' -> x - y;
            case '*' -> x * y;
            case '/' -> y == 0 ? null : (Object) Long.divideUnsigned(x, y);
            case '%' -> y == 0 ? null : (Object) Long.remainderUnsigned(x, y);
            default -> x & y;
        };
    }

    private Object apply(double x, double y) {
        return switch (op) {
            case '+' -> x + y;
            case '-' -> x - y;
            case '*' -> x * y;
            case '/' -> y == 0 ? null : (Object) (x / y);
            default -> null;
        };
    }
}
