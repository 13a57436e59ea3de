package io.rocescope.dissector.filter;

import io.rocescope.dissector.decode.DecodedFrame;

import java.util.ArrayList;
import java.util.List;

/**
 * {@code x in {a, b, lo..hi}}: some value of x equals a member or lies in a range (bounds included).
 * Members are constants read as x's type; {@code not in} is the negation (true for an absent x).
 */
final class Membership implements DisplayFilter {
    private final Operand subject;
    private final VType type;
    /** Each member: {value} or {low, high}. */
    private final List<Object[]> members;

    Membership(Operand subject, VType type, List<Object[]> members) {
        this.subject = subject;
        this.type = type;
        this.members = List.copyOf(members);
    }

    @Override
    public boolean matches(DecodedFrame f) {
        List<Object> a = new ArrayList<>(2);
        subject.values(f, a);
        for (Object x : a) {
            for (Object[] m : members) {
                boolean in = m.length == 1 ? Values.equal(x, m[0])
                    : Values.compare(type, x, m[0]) >= 0 && Values.compare(type, x, m[1]) <= 0;
                if (in) return true;
            }
        }
        return false;
    }
}
