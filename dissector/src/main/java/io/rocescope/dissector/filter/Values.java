package io.rocescope.dissector.filter;

import java.util.Arrays;

/** Equality and order of two values of one {@link VType} (a {@link Net} compares by its prefix). */
final class Values {
    private Values() {}

    static boolean equal(Object a, Object b) {
        if (b instanceof Net n) return !(a instanceof Net) && n.contains(a);
        if (a instanceof Net n) return n.contains(b);
        if (a instanceof byte[] x && b instanceof byte[] y) return Arrays.equals(x, y);
        if (a instanceof Double x && b instanceof Double y) return x.doubleValue() == y.doubleValue();
        return a.equals(b);
    }

    static int compare(VType type, Object a, Object b) {
        if (a instanceof Net n) a = n.address();
        if (b instanceof Net n) b = n.address();
        return switch (type) {
            case INT, IPV4 -> Long.compareUnsigned((Long) a, (Long) b);
            case TIME, ABSTIME -> Long.compare((Long) a, (Long) b);
            case DOUBLE -> Double.compare((Double) a, (Double) b);
            case STRING -> ((String) a).compareTo((String) b);
            default -> Arrays.compareUnsigned((byte[]) a, (byte[]) b);
        };
    }
}
