package io.rocescope.flow.rules;

/** How a measured value is compared with a rule's threshold; the rule fails when the comparison holds. */
public enum Comparison {
    GT(">"), GE(">="), LT("<"), LE("<="), EQ("=="), NE("!=");

    private final String symbol;

    Comparison(String symbol) { this.symbol = symbol; }

    public String symbol() { return symbol; }

    public boolean holds(double value, double threshold) {
        switch (this) {
            case GT: return value > threshold;
            case GE: return value >= threshold;
            case LT: return value < threshold;
            case LE: return value <= threshold;
            case EQ: return value == threshold;
            default: return value != threshold;
        }
    }

    public static Comparison parse(String s) {
        for (Comparison c : values()) if (c.symbol.equals(s)) return c;
        return null;
    }
}
