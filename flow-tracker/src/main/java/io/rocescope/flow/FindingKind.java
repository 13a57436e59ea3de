package io.rocescope.flow;

import io.rocescope.dissector.decode.Expert.Severity;
import java.util.HashMap;
import java.util.Map;

import static io.rocescope.dissector.field.ksy.IbTransportKsy.NAK_CODE_INVALID_RD_REQUEST;
import static io.rocescope.dissector.field.ksy.IbTransportKsy.NAK_CODE_INVALID_REQUEST;
import static io.rocescope.dissector.field.ksy.IbTransportKsy.NAK_CODE_PSN_SEQUENCE_ERROR;
import static io.rocescope.dissector.field.ksy.IbTransportKsy.NAK_CODE_REMOTE_ACCESS_ERROR;
import static io.rocescope.dissector.field.ksy.IbTransportKsy.NAK_CODE_REMOTE_OPERATIONAL_ERROR;
import static io.rocescope.dissector.field.ksy.UdpDatagramLayout.ROCE_V2_PORT;

/**
 * The registry of finding kinds: every finding the analysis makes is one of these, and everything a front
 * end says about a kind (its severity, its group, what it means, the usual causes, what to check next, the
 * part of the IBTA specification it rests on) is written here once. The CLI's {@code expert}, the report
 * and the GUI's expert panel read it; none keeps a table of its own.
 * <p>
 * {@link #key()} is the stable name scripts and rule packs match ({@code psn.gap}); it never changes once
 * released. {@link #severity()} is the kind's usual severity; a finding may carry a lower one when the
 * tracker knows its cause is benign (a PSN Sequence Error NAK that only follows an RNR NAK is a note).
 * Groups are Wireshark's expert groups where one fits; {@code Capture} and {@code Fabric} are RoCEscope's own.
 */
public enum FindingKind {
    // ---- the capture itself ----
    CAPTURE_LOSSY("capture.lossy", Severity.NOTE, Group.CAPTURE,
        "An ACK acknowledged PSNs the capture never showed: the capture point missed packets the responder received.",
        "A capture that could not keep up (mirror port oversubscribed, ring buffer too small, snaplen/filter on the wrong side).",
        "Treat gaps near it as capture loss, not network loss; capture closer to the host or with a larger buffer.",
        "§9.7 (reliable service: a coalesced ACK acknowledges every PSN up to its own)"),
    CAPTURE_TIMESTAMPS_OUT_OF_ORDER("capture.timestamps_out_of_order", Severity.NOTE, Group.CAPTURE,
        "Frames are timestamped earlier than the frame before them.",
        "Captures merged from several interfaces or hosts, frames taken on several CPUs, or a clock step (NTP, PTP).",
        "Deltas, rates and pause accounting across the step are unreliable; sort with `reordercap` or capture on one clock.",
        "—"),
    FLOWS_EVICTED("flows.evicted", Severity.WARNING, Group.CAPTURE,
        "More flows were active at once than --max-flows: the least recently active were no longer tracked.",
        "Captures of many thousands of QPs (a whole fabric, a scan).",
        "Raise --max-flows if memory allows, or cut the capture by host or time with a display filter.",
        "—"),
    MALFORMED("malformed", Severity.ERROR, Group.MALFORMED,
        "A frame could not be decoded as what its headers said it was.",
        "Corruption on the wire or in the capture, a snaplen cut inside a header, or a vendor extension.",
        "Look at the frame's bytes (`dissect -x`); if many frames are malformed check the capture path first.",
        "ch. 9 (transport headers)"),
    ICRC_BAD("icrc.bad", Severity.ERROR, Group.CHECKSUM,
        "The invariant CRC of a RoCE packet does not match its bytes: the responder drops it silently.",
        "Bit errors on a link (bad cable, optic, or port), a device rewriting invariant fields, or a capture tool that edits frames.",
        "Check link error counters (FEC/symbol errors) on the path; expect a PSN Sequence Error NAK or a timeout after it.",
        "§7.8 (invariant CRC) and Annex A17 (RoCEv2 ICRC)"),

    // ---- transport: sequence, retransmission ----
    PSN_GAP("psn.gap", Severity.WARNING, Group.SEQUENCE,
        "PSNs are missing from a request stream: packets were lost before the capture point or not captured.",
        "Drops in a lossy fabric (no PFC, buffer overflow, ECMP path down), bad ICRC drops upstream, or capture loss.",
        "See whether a NAK (PSN Sequence Error) and a Go-Back-N resend follow; check switch drop counters and PFC.",
        "§9.7 (reliable service: packet sequence numbers)"),
    PSN_DUPLICATE("psn.duplicate", Severity.NOTE, Group.SEQUENCE,
        "Request packets repeated a PSN already sent: the requester resent them.",
        "Go-Back-N after a NAK or a local ACK timeout.",
        "Follow the cause of the retransmission it belongs to (the retransmission finding).",
        "§9.7 (reliable service: duplicate packets)"),
    PSN_COPY("psn.copy", Severity.NOTE, Group.SEQUENCE,
        "Request packets were copies made by the network (same PSN and IPv4 Identification as the packet before), not resent.",
        "A mirror port or a switch duplicating frames, a loop, or a capture taken at two points and merged.",
        "Harmless to the QP (the responder drops the copy); find the device that duplicates if it is the fabric.",
        "§9.7 (reliable service: duplicate packets)"),
    PSN_REORDERED("psn.reordered", Severity.NOTE, Group.SEQUENCE,
        "Request packets arrived after later PSNs although they were sent before them (older IPv4 Identification).",
        "Multipath (ECMP, adaptive routing) or a capture merged from several points.",
        "RC treats reordering as loss (PSN Sequence Error NAK); check adaptive routing settings for RoCE traffic.",
        "§9.7 (reliable service: packet sequence numbers)"),
    PSN_OUT_OF_ORDER("psn.out_of_order", Severity.NOTE, Group.SEQUENCE,
        "Request packets came after later PSNs without having been seen before: late, or resent after a loss.",
        "Loss followed by retransmission, or reordering on the way.",
        "Read it with the gap and retransmission findings of the same flow.",
        "§9.7 (reliable service: packet sequence numbers)"),
    PSN_UNEXPECTED_START("psn.unexpected_start", Severity.WARNING, Group.SEQUENCE,
        "A flow's first PSN is not the starting PSN its set-up announced.",
        "Packets lost or not captured at the start, or a set-up that announced a different PSN than the QP used.",
        "Compare the CM REQ/REP or key-exchange PSN with the first data packet.",
        "ch. 12 (CM REQ/REP starting PSN) and §9.7"),
    RETRANSMISSION("retransmission", Severity.WARNING, Group.SEQUENCE,
        "The requester went back and resent a run of packets (Go-Back-N) after a NAK or after its ACK timer expired.",
        "A lost or corrupted packet (NAK), or a lost ACK/response (timeout).",
        "Find the cause frame; repeated timeouts at the same PSN mean the path or the responder is gone.",
        "§9.7 (reliable service: requester retries on NAK and on ACK timeout)"),

    // ---- transport: responses ----
    NAK_PSN_SEQUENCE_ERROR(NAK_CODE_PSN_SEQUENCE_ERROR, "nak.psn_sequence_error", Severity.WARNING, Group.RESPONSE_CODE,
        "The responder expected another PSN than the one it got, and asked the requester to resend from it.",
        "A lost or corrupted request packet, reordering, or packets the responder dropped after an RNR NAK.",
        "Look at the finding's cause (gap, bad ICRC, RNR NAK); if none, the loss happened before the capture point.",
        "§9.7 (reliable service: responder PSN checks, NAK codes)"),
    NAK_INVALID_REQUEST(NAK_CODE_INVALID_REQUEST, "nak.invalid_request", Severity.ERROR, Group.RESPONSE_CODE,
        "The responder refused the request as invalid; both QPs go to the error state.",
        "An opcode the QP does not support, a length beyond the MTU or receive buffer, or a malformed request.",
        "Check the request's opcode and length against the QP's configuration and the receive WQE size.",
        "§9.7 (reliable service: NAK codes)"),
    NAK_REMOTE_ACCESS_ERROR(NAK_CODE_REMOTE_ACCESS_ERROR, "nak.remote_access_error", Severity.ERROR, Group.RESPONSE_CODE,
        "The responder refused an RDMA READ/WRITE/atomic for its R_Key, address range or access rights; the QP goes to error.",
        "A stale or wrong R_Key, an address outside the registered region, missing remote access flags, or a deregistered MR.",
        "Compare the R_Key and VA in the RETH with the region the peer advertised (key exchange or private data).",
        "§9.7 (NAK codes) and ch. 10 (memory regions, R_Keys)"),
    NAK_REMOTE_OPERATIONAL_ERROR(NAK_CODE_REMOTE_OPERATIONAL_ERROR, "nak.remote_operational_error", Severity.ERROR, Group.RESPONSE_CODE,
        "The responder could not complete a valid request; the QP goes to error.",
        "A local error at the responder (protection, a failed DMA, a broken receive queue).",
        "Look at the responder's host logs and completion errors.",
        "§9.7 (reliable service: NAK codes)"),
    NAK_INVALID_RD_REQUEST(NAK_CODE_INVALID_RD_REQUEST, "nak.invalid_rd_request", Severity.ERROR, Group.RESPONSE_CODE,
        "The responder refused a Reliable Datagram request as invalid.",
        "A bad RDD or EEC (Reliable Datagram is rarely used).",
        "Check the RD set-up of both ends.",
        "§9.7 (reliable service: NAK codes)"),
    NAK_RESERVED("nak.reserved", Severity.ERROR, Group.RESPONSE_CODE,
        "A NAK with a code the specification reserves.",
        "A vendor extension or a corrupted AETH.",
        "Look at the AETH bytes of the frame.",
        "§9.7 (AETH syndrome)"),
    RNR_NAK("rnr_nak", Severity.WARNING, Group.RESPONSE_CODE,
        "Receiver Not Ready: the responder had no receive WQE posted for a SEND and asked the requester to wait and retry.",
        "The receiving application does not post receive buffers fast enough (or the SRQ ran dry).",
        "Post more receives or use an SRQ limit event; the NAK's timer field says how long the requester waits.",
        "§9.7 (reliable service: RNR NAK and RNR retry)"),
    READ_NO_RESPONSE("read.no_response", Severity.WARNING, Group.SEQUENCE,
        "An RDMA READ request got no response in the capture.",
        "The response was lost or not captured, the responder's QP went to error, or the capture ended first.",
        "See whether the requester resends the READ; a READ never answered ends in a retry-exceeded error.",
        "§9.7 (reliable service: RDMA READ)"),
    READ_RESPONSE_GAP("read.response_gap", Severity.WARNING, Group.SEQUENCE,
        "PSNs are missing inside an RDMA READ response.",
        "A lost response packet; the requester re-issues the READ from the missing PSN.",
        "Check the fabric on the responder → requester direction.",
        "§9.7 (reliable service: RDMA READ responses)"),
    UD_QKEY_MISMATCH("ud.qkey_mismatch", Severity.ERROR, Group.PROTOCOL,
        "A UD datagram carries a Q_Key other than the one its destination QP expects: the receiver drops it silently.",
        "Mismatched Q_Keys between the two programs (RDMA-CM uses 0x80000000 + port for UD) or a stale address handle.",
        "Compare the Q_Keys in the set-up (SIDR_REP, key exchange) with the DETH of the data.",
        "ch. 9-10 (unreliable datagram: Q_Key check)"),

    // ---- set-up: communication management and sockets ----
    CM_REJ("cm.rej", Severity.ERROR, Group.RESPONSE_CODE,
        "The peer's CM rejected the connection request.",
        "Nothing listening on the service ID (the port), consumer reject by the application, invalid parameters or GID.",
        "Read the REJ reason: 28 (consumer) and 8 (invalid service ID) point at the application, others at the parameters.",
        "ch. 12 (communication management: REJ)"),
    CM_QKEY_MISMATCH("cm.qkey_mismatch", Severity.WARNING, Group.PROTOCOL,
        "A SIDR or CM exchange announced a Q_Key the datagrams do not use.",
        "Programs that configure Q_Keys by hand.",
        "Compare the Q_Keys of the SIDR_REP and the data.",
        "ch. 12 (communication management: SIDR)"),
    CM_SIDR_REJ("cm.sidr_rej", Severity.ERROR, Group.RESPONSE_CODE,
        "Service ID resolution for a UD service was refused.",
        "Nothing registered on the service ID, or the service refused the request.",
        "Check that the UD service is listening on that port.",
        "ch. 12 (communication management: SIDR)"),
    CM_SIDR_TIMEOUT("cm.sidr_timeout", Severity.ERROR, Group.PROTOCOL,
        "A SIDR request was never answered in the capture.",
        "The target's CM is unreachable over RoCE (routing, GID, VLAN, firewall on UDP " + ROCE_V2_PORT + ") or the capture missed the answer.",
        "Check reachability over RoCE (e.g. `rocescope probe cm`), the GID table and the VLAN of both ends.",
        "ch. 12 (communication management: SIDR)"),
    CM_TIMEOUT("cm.timeout", Severity.ERROR, Group.PROTOCOL,
        "A CM connection request was never answered in the capture.",
        "The target's CM is unreachable over RoCE (routing, GID, VLAN, firewall on UDP " + ROCE_V2_PORT + "), or the capture missed the answer.",
        "Check reachability over RoCE, the GID index and VLAN of both ends, and the CM response timeout in the REQ.",
        "ch. 12 (communication management: timeouts and retries)"),
    SETUP_INCOMPLETE("setup.incomplete", Severity.ERROR, Group.PROTOCOL,
        "A connection set-up started and never finished (a REP without RTU, or a key exchange cut short).",
        "The initiator gave up or crashed, or the capture ended during the set-up.",
        "Look at the last message of the set-up and which side should have sent the next one.",
        "ch. 12 (communication management: connection establishment)"),
    SETUP_UNRECOGNIZED("setup.unrecognized", Severity.NOTE, Group.UNDECODED,
        "A TCP connection on a set-up port carried data no known key-exchange format matches.",
        "Another program on perftest's port, or a version of a tool RoCEscope does not know.",
        "Use `--decode-as` if the program is known, or look at the stream's bytes.",
        "—"),

    // ---- how a connection ends ----
    CM_DREQ_UNANSWERED("cm.dreq_unanswered", Severity.WARNING, Group.PROTOCOL,
        "A CM disconnect request (DREQ) was never answered by a DREP although the capture went on.",
        "The peer process or host went away, its CM is not running, or the DREQ or DREP was lost.",
        "Check whether the peer is still alive; the sender destroys its QP after its own time-out anyway.",
        "ch. 12 (communication management: connection release, DREQ/DREP)"),
    QP_RETRY_EXHAUSTED("qp.retry_exhausted", Severity.ERROR, Group.SEQUENCE,
        "The requester sent one PSN Retry Count + 1 times at its ACK timeout and then stopped: its QP went to error (IBV_WC_RETRY_EXC_ERR).",
        "The responder's QP is gone or in error (it drops requests silently), or the path to it is down.",
        "Check the responder's QP state and completions, and reachability over RoCE; the interval tells the QP's ACK timeout.",
        "§9.7 (reliable service: requester ACK timeout and Retry Count), ch. 10 (QP states: error)"),
    QP_RNR_RETRY_EXHAUSTED("qp.rnr_retry_exhausted", Severity.ERROR, Group.RESPONSE_CODE,
        "RNR NAKs for one PSN went beyond the RNR Retry Count and the requester stopped: its QP went to error (IBV_WC_RNR_RETRY_EXC_ERR).",
        "The responder never posted receive WQEs (or too few), or posts them too late.",
        "Make the receiver post receives before the peer sends, deepen its receive queue, or raise the RNR retry count / timer.",
        "§9.7 (reliable service: RNR NAK, RNR Retry Count), ch. 10 (QP states: error)"),
    QP_ERROR_NAK("qp.error_nak", Severity.ERROR, Group.RESPONSE_CODE,
        "A NAK of an error class (Invalid Request, Remote Access, Remote Operational) ended the QP: nothing was sent on it afterwards.",
        "A wrong R_Key or address, missing access rights, an unsupported or oversized request, or a failure at the responder.",
        "Compare the failed request's R_Key, VA and length with the peer's memory region; look at both ends' completions.",
        "§9.7 (reliable service: NAK codes), ch. 10 (QP states: error)"),
    QP_STOPPED_MID_MESSAGE("qp.stopped_mid_message", Severity.WARNING, Group.SEQUENCE,
        "A QP's last request was the first or a middle packet of a message, and nothing followed although the capture went on.",
        "The sender's QP was destroyed, reset or went to error mid-message, or the capture lost the rest.",
        "Look at the sender's completions and logs at that time; check whether the capture dropped packets.",
        "§9.7 (reliable service), ch. 10 (QP states: error)"),

    // ---- abuse and scanning ----
    SCAN_QPN("scan.qpn", Severity.WARNING, Group.SECURITY,
        "One source sent RC/UC packets to many QP numbers that no set-up created and nobody answered: QP number enumeration.",
        "A scanner looking for live QPs, or a peer that kept sending to QPNs of connections that no longer exist.",
        "Identify the source host; RoCE has no authentication beyond the QPN and P_Key, so restrict UDP " + ROCE_V2_PORT + " to the fabric.",
        "§9.6 (packet transport header validation: destination QP)"),
    SCAN_CM_SERVICE("scan.cm_service", Severity.WARNING, Group.SECURITY,
        "One source sent CM REQs to many service IDs: a port scan over the connection manager.",
        "A scanner, or a client trying one port after another until one listens (often REJ'd as Invalid Service ID).",
        "Identify the source host and what it runs; filter UDP " + ROCE_V2_PORT + " from outside the fabric.",
        "ch. 12 (communication management: service IDs, REJ)"),
    SCAN_RKEY("scan.rkey", Severity.WARNING, Group.SECURITY,
        "One source got Remote Access Error NAKs for many different R_Keys or addresses: R_Key probing.",
        "Someone guessing memory keys, or a client using the keys of memory regions that were freed.",
        "Identify the source; use memory windows or invalidate keys after use, and check that R_Keys are not predictable.",
        "§9.7 (NAK codes), ch. 10 (memory regions and R_Keys)"),
    CM_GID_MISMATCH("cm.gid_mismatch", Severity.WARNING, Group.SECURITY,
        "A CM REQ's primary path GIDs are not the addresses of the IP header it arrived in.",
        "A forged (spoofed) REQ, or a CM that chose a GID index of another interface.",
        "Compare the sender's GID table with its IP addresses; treat a REQ from an unexpected address as hostile.",
        "ch. 12 (CM REQ primary path), Annex A17 (RoCEv2 GIDs and IP addresses)"),
    ICRC_CLUSTERED("icrc.clustered", Severity.NOTE, Group.CHECKSUM,
        "Nearly all bad ICRCs of the capture came from one source.",
        "That host's NIC, cable or first switch port corrupts frames, or it sends crafted frames.",
        "Check the link error counters on that host's port; if the frames are crafted, find what sends them.",
        "§7.8 (invariant CRC) and Annex A17 (RoCEv2 ICRC)"),

    // ---- fabric: congestion and flow control ----
    ECN_CE("ecn.ce", Severity.NOTE, Group.FABRIC,
        "The fabric marked packets Congestion Experienced (ECN CE): a switch queue was filling.",
        "Congestion on the path (incast, oversubscription); marking is how DCQCN is told to slow down.",
        "Expect CNPs from the receiver; many CE marks without CNPs mean the receiver's notification is off.",
        "Annex A17 (RoCEv2 congestion management)"),
    CNP("cnp", Severity.NOTE, Group.FABRIC,
        "Congestion Notification Packets asked this sender to slow down (DCQCN).",
        "CE-marked packets at the receiver.",
        "Check that the sender's rate drops after them; persistent CNPs mean a hot spot on the path.",
        "Annex A17 (RoCEv2 CNP)"),
    PFC_STORM("pfc.storm", Severity.WARNING, Group.FABRIC,
        "Pause frames kept a priority (or the whole link) paused for a large part of a window: traffic stalls upstream.",
        "A congested or stuck receiver, a PFC deadlock, or a misconfigured priority.",
        "Find the port that sends the pauses; check for a PFC watchdog event and the priority's buffer settings.",
        "IEEE 802.1Qbb (PFC), 802.3 Annex 31B (PAUSE)"),

    // ---- fabric: priorities, ECN and DCQCN as the lossless plan has them (FabricWatch) ----
    ROCE_PRIORITY_MISMATCH("roce.priority.mismatch", Severity.WARNING, Group.FABRIC,
        "The two directions of a connection ride different priorities (their most used PCP or DSCP differ).",
        "Hosts with different RoCE priority settings (per-QP traffic class, rdma_cm ToS, VLAN egress priority map), or a switch that re-marks one direction.",
        "Compare both hosts' RoCE traffic class and VLAN egress map and the switches' trust mode; the ACK direction needs the lossless priority too.",
        "Annex A17 (RoCEv2: the IP header's Traffic Class) and IEEE 802.1Qbb (PFC)"),
    ROCE_PRIORITY_CHANGE("roce.priority.change", Severity.WARNING, Group.FABRIC,
        "The RoCE packets of one direction rode more than one priority (PCP or DSCP).",
        "A QP modified to another traffic class or service level, a path through a device that re-marks, or captures of two points merged.",
        "See whether the change coincides with a QP modification or a path change; PFC and ECN treat the two parts differently and they can be reordered.",
        "Annex A17 (RoCEv2 Traffic Class) and IEEE 802.1Qbb (PFC)"),
    VLAN_MISMATCH("vlan.mismatch", Severity.WARNING, Group.FABRIC,
        "The two directions of a connection differ in VLAN ID, or one is tagged and the other is not.",
        "One host sending from the untagged interface (the GID index of the wrong netdev), a switch port with another native VLAN, or asymmetric routing.",
        "Compare the GID index and its netdev on both hosts; an untagged direction carries no PCP for PFC.",
        "IEEE 802.1Q; Annex A17 (RoCEv2 GIDs)"),
    ECN_NOT_ECT("ecn.not_ect", Severity.WARNING, Group.FABRIC,
        "RoCE data is sent Not-ECT while other traffic in the capture is ECN-capable: switches cannot CE-mark it, so DCQCN cannot slow its sender.",
        "ECN (DCQCN) disabled on the sender's NIC or for its priority, or a traffic class whose ECN bits are 00.",
        "Enable ECN for RoCE on the sender for that priority and check the QP's traffic class (ECT(0) is what NICs send).",
        "Annex A17 (RoCEv2 congestion management: ECN)"),
    CNP_UNANSWERED_CE("cnp.unanswered_ce", Severity.WARNING, Group.FABRIC,
        "CE-marked packets got no CNP back to their sender within the window (--ce-window-us).",
        "The receiver's notification point disabled, a NIC without DCQCN (Soft-RoCE sends no CNPs), CNPs lost on the way back, or a capture point that does not see them.",
        "Enable the notification point on the receiver and check that CNPs are not dropped (they should ride a high-priority class).",
        "Annex A17 (RoCEv2 CNP)"),
    CNP_CLASS("cnp.class", Severity.WARNING, Group.FABRIC,
        "CNPs rode a DSCP or PCP other than the one given for them (--cnp-dscp, --cnp-pcp).",
        "The receiver's CNP priority settings differ from the fabric plan, or a switch re-marks CNPs.",
        "Compare the NIC's CNP DSCP and 802.1p priority with the plan; CNPs on a congested class arrive late and the sender reacts late.",
        "Annex A17 (RoCEv2 CNP)"),
    DCQCN_NO_REACTION("dcqcn.no_reaction", Severity.WARNING, Group.FABRIC,
        "A sender kept its rate through an episode of CNPs: it does not react to congestion notification.",
        "DCQCN's reaction point disabled on the sender's NIC or for its priority, CNPs naming a QP the sender does not have, or a rate limited elsewhere.",
        "Enable the reaction point on the sender; check the CNPs' destination QP against the sender's QP.",
        "Annex A17 (RoCEv2 congestion management)"),
    PFC_SHARED_PRIORITY("pfc.shared_priority", Severity.WARNING, Group.FABRIC,
        "PFC paused a priority that also carries non-RoCE traffic (TCP or other): a pause stalls it too (head-of-line blocking).",
        "TCP or other traffic mapped to the lossless priority (its DSCP or PCP), or untagged traffic on priority 0 with PFC on 0.",
        "Move non-RoCE traffic off the lossless priority; keep the PFC priority for RoCE, and CNPs on their own class.",
        "IEEE 802.1Qbb (PFC)"),
    PFC_UNPAUSED_ROCE("pfc.unpaused_roce", Severity.WARNING, Group.FABRIC,
        "RoCE rode a priority PFC never paused while another priority was paused: PFC protects a class RoCE does not use.",
        "A PCP or DSCP-to-priority mapping mismatch between hosts and switches (trust mode, PFC enabled on another priority).",
        "Compare the hosts' RoCE priority with the priorities PFC is enabled on and with the switches' DSCP/PCP trust map.",
        "IEEE 802.1Qbb (PFC)");

    /** Wireshark's expert groups (PI_SEQUENCE …) where one fits, and RoCEscope's own for the capture and the fabric. */
    public enum Group {
        CHECKSUM("Checksum"), SEQUENCE("Sequence"), RESPONSE_CODE("Response code"), PROTOCOL("Protocol"),
        MALFORMED("Malformed"), UNDECODED("Undecoded"), CAPTURE("Capture"), FABRIC("Fabric"), SECURITY("Security");

        private final String label;

        Group(String label) { this.label = label; }

        public String label() { return label; }
    }

    private final String key;
    private final Severity severity;
    private final Group group;
    private final String meaning, causes, nextStep, ibta;
    /** The AETH NAK code (ksy/ib_transport.ksy's nak_code) a NAK kind is named for; -1 for the others. */
    private final int nakCode;

    FindingKind(String key, Severity severity, Group group, String meaning, String causes, String nextStep, String ibta) {
        this(-1, key, severity, group, meaning, causes, nextStep, ibta);
    }

    FindingKind(int nakCode, String key, Severity severity, Group group, String meaning, String causes, String nextStep, String ibta) {
        this.nakCode = nakCode;
        this.key = key;
        this.severity = severity;
        this.group = group;
        this.meaning = meaning;
        this.causes = causes;
        this.nextStep = nextStep;
        this.ibta = ibta;
    }

    public String key() { return key; }
    public Severity severity() { return severity; }
    public Group group() { return group; }
    /** What a finding of this kind means, in one sentence. */
    public String meaning() { return meaning; }
    public String causes() { return causes; }
    public String nextStep() { return nextStep; }
    /** Where in IBTA Volume 1 (or another standard) the kind rests; "—" for findings about the capture itself. */
    public String ibtaSection() { return ibta; }

    private static final Map<String, FindingKind> BY_KEY = new HashMap<>();
    /** The NAK kinds by the code each carries, so that no order of the nak_code enum is assumed here. */
    private static final Map<Integer, FindingKind> BY_NAK_CODE = new HashMap<>();
    static {
        for (FindingKind k : values()) {
            if (BY_KEY.put(k.key, k) != null) throw new IllegalStateException("two kinds " + k.key);
            if (k.nakCode >= 0 && BY_NAK_CODE.put(k.nakCode, k) != null) throw new IllegalStateException("two kinds of NAK code " + k.nakCode);
        }
    }

    /** The kind of this key, or null for a key no finding has. */
    public static FindingKind of(String key) { return BY_KEY.get(key); }

    /** The kind of a NAK by its AETH code (a code nak_code does not name is reserved). */
    public static FindingKind nak(int code) {
        return BY_NAK_CODE.getOrDefault(code, NAK_RESERVED);
    }
}
