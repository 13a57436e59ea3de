package io.rocescope.dissector.field;

import io.rocescope.dissector.field.ksy.IbMadKsy;
import io.rocescope.dissector.field.ksy.IbMadLayout;

import java.util.Locale;

/**
 * Names and units of the MAD and Communication Manager fields (IBTA vol 1 ch. 12-13, Linux ib_cm.h). The
 * codes and value names are ksy/ib_mad.ksy's enums (generated into {@link IbMadKsy}); this adds the
 * formatting around them.
 */
public final class CmNames {
    private CmNames() {}

    public static final int CLASS_CM = IbMadKsy.MGMT_CLASS_CM;
    public static final int REQ = IbMadKsy.CM_ATTRIBUTE_REQ, MRA = IbMadKsy.CM_ATTRIBUTE_MRA, REJ = IbMadKsy.CM_ATTRIBUTE_REJ,
        REP = IbMadKsy.CM_ATTRIBUTE_REP, RTU = IbMadKsy.CM_ATTRIBUTE_RTU, DREQ = IbMadKsy.CM_ATTRIBUTE_DREQ,
        DREP = IbMadKsy.CM_ATTRIBUTE_DREP, SIDR_REQ = IbMadKsy.CM_ATTRIBUTE_SIDR_REQ, SIDR_REP = IbMadKsy.CM_ATTRIBUTE_SIDR_REP,
        LAP = IbMadKsy.CM_ATTRIBUTE_LAP, APR = IbMadKsy.CM_ATTRIBUTE_APR, CLASS_PORT_INFO = IbMadKsy.CM_ATTRIBUTE_CLASS_PORT_INFO;
    /** The Q_Key every GSI (QP1) MAD must carry; CM responders drop others (ksy/ib_mad.ksy's -constants). */
    public static final long QP1_QKEY = io.rocescope.dissector.field.ksy.IbMadLayout.GSI_Q_KEY;

    /** Wireshark's CM attribute names. */
    public static String attributeName(int id) { return IbMadKsy.CM_ATTRIBUTE.nameOf(id); }

    public static final ValueNames ATTRIBUTES = IbMadKsy.CM_ATTRIBUTE;

    /** The attribute's name, or "attribute 0x1b" for one without. */
    public static String attributeLabel(int id) {
        String name = attributeName(id);
        return name != null ? name : "attribute 0x" + Integer.toHexString(id);
    }

    public static final ValueNames MGMT_CLASSES = IbMadKsy.MGMT_CLASS;
    public static final ValueNames METHODS = IbMadKsy.METHOD;

    /** "Invalid service ID (8)". */
    public static String rejectReason(int code) {
        String name = IbMadKsy.REJ_REASON.nameOf(code);
        return (name == null ? "Unknown reason" : name) + " (" + code + ")";
    }

    public static final ValueNames REJ_REASON_NAMES = v -> rejectReason((int) v);
    /** The REJ reason as the tree shows it: its name, without the code ("Unknown reason" for a code without one). */
    public static final ValueNames REJ_REASON_LABELS = v -> rejectReason((int) v).replaceAll(" \\(\\d+\\)$", "");
    public static final ValueNames MESSAGE_NAMES = IbMadKsy.MESSAGE_REJECTED;
    public static final ValueNames SIDR_STATUS = IbMadKsy.SIDR_STATUS;
    public static final ValueNames APR_STATUS = IbMadKsy.APR_STATUS;
    public static final ValueNames TRANSPORT_SERVICE = IbMadKsy.TRANSPORT_SERVICE;
    public static final ValueNames MTU = IbMadKsy.PATH_MTU;

    /** path_mtu's bytes by code (ksy/ib_mad.ksy's -value:), read once. */
    private static final int[] MTU_BYTES = IbMadKsy.PATH_MTU_VALUES();
    /** The MTUs a path can have, smallest first (codes MTU_256 to MTU_4096 as bytes). */
    private static final int[] PATH_MTUS = java.util.stream.IntStream
        .rangeClosed(IbMadKsy.PATH_MTU_MTU_256, IbMadKsy.PATH_MTU_MTU_4096).map(c -> MTU_BYTES[c]).toArray();

    /** The bytes of a path_mtu code, 256 to 4096; -1 for the others. */
    public static int mtuBytes(int code) {
        return code >= IbMadKsy.PATH_MTU_MTU_256 && code <= IbMadKsy.PATH_MTU_MTU_4096 ? MTU_BYTES[code] : -1;
    }

    /** The path_mtu code of {@code bytes} (MTU_256 … MTU_4096), or -1 when it is none of those MTUs. */
    public static int mtuCode(int bytes) {
        for (int code = IbMadKsy.PATH_MTU_MTU_256; code <= IbMadKsy.PATH_MTU_MTU_4096; code++) if (MTU_BYTES[code] == bytes) return code;
        return -1;
    }

    /** The MTUs a path can have, smallest first (a copy). */
    public static int[] pathMtus() { return PATH_MTUS.clone(); }

    /** The MTUs a path can have as a sentence lists them: "256, 512, 1024, 2048 or 4096". */
    public static String pathMtuList() {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < PATH_MTUS.length; i++) {
            sb.append(i == 0 ? "" : i == PATH_MTUS.length - 1 ? " or " : ", ").append(PATH_MTUS[i]);
        }
        return sb.toString();
    }

    /** An IBA time field's value in nanoseconds, the unit of capture timestamps: 4096 ns * 2^value (exact in a double). */
    public static double ibaNanos(int v) {
        return IbMadLayout.IBA_TIME_UNIT_NS * Math.pow(2, v);
    }

    /** An IBA time field's value in microseconds: 4.096 us * 2^value (ksy/ib_mad.ksy's iba_time_unit_ns). */
    public static double ibaMicros(int v) {
        return ibaNanos(v) / 1000;   // the same double as 4.096 * 2^v: scaling by a power of two rounds alike
    }

    /** IBA time fields are 4.096 us * 2^value. */
    public static String ibaTime(int v) {
        double us = ibaMicros(v);
        if (us < 1000) return String.format(Locale.ROOT, "%.3f us", us);
        if (us < 1_000_000) return String.format(Locale.ROOT, "%.3f ms", us / 1000);
        return String.format(Locale.ROOT, "%.3f s", us / 1_000_000);
    }

    public static final ValueNames IBA_TIME = v -> ibaTime((int) v);

    /** RDMA-CM port spaces by the byte after the 01 of the service ID. */
    public static String portSpace(int protocol) { return IbMadKsy.PORT_SPACE.nameOf(protocol); }

    public static final ValueNames PORT_SPACES = IbMadKsy.PORT_SPACE;

    /** "TCP", or the protocol byte in hex ("0x2a") for a port space without a name. */
    public static String portSpaceLabel(int protocol) {
        String space = portSpace(protocol);
        return space != null ? space : "0x" + Integer.toHexString(protocol);
    }
}
