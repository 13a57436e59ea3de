# Lab scenarios for issue 18 (lossless fabric), appended to ../shared/lab/guest/scenarios.sh in a copy
# of the lab and run with: BUILD=/tmp/lab-build CAPDIR=/tmp/caps ./build-captures.sh send_bw_vlan_tclass106 send_bw_tclass106_ce
# They made sample-pcaps/send_bw_vlan_tclass106.pcap and send_bw_tclass106_ce.pcap.

s_send_bw_vlan_tclass106() {
    VLAN=1
    pair send_bw_vlan_tclass106 "RC SEND over VLAN 100; the client sets the GRH Traffic Class 106 (DSCP 26, ECT(0)) with --tclass=106, the server none (its ACKs go DSCP 0, Not-ECT). A->B PCP 3, B->A PCP 5 via egress-qos-map." \
        "tcp 18515" 'ib_send_bw -d rxe_b -x $GBV -s 16384 -n 5' 'ib_send_bw -d rxe_a -x $GAV --tclass=106 -s 16384 -n 5 10.0.100.2'
}
# ce_mark: vethA egress (before the capture tap) sets ECN CE on every RoCEv2 packet A->B, keeping its DSCP
ce_mark() {
    x tc qdisc add dev vethA clsact
    x tc filter add dev vethA egress protocol ip u32 match ip protocol 17 0xff match ip dport 4791 0xffff action pedit munge ip tos set 0x03 retain 0x03 pipe action csum ip4h
    NETEM_INFO="${NETEM_INFO:+$NETEM_INFO; }vethA: clsact egress u32 dport 4791 -> pedit tos |= 0x03 (CE), csum ip4h"
}
s_send_bw_tclass106_ce() {
    PRE_HOOK="ce_mark"
    pair send_bw_tclass106_ce "RC SEND with Traffic Class 106 (DSCP 26, ECT(0)) on both sides (--tclass=106); a tc pedit action on vethA egress marks every A->B RoCEv2 packet CE. rxe sends no CNPs (it has no DCQCN), so the CE marks go unanswered." \
        "tcp 18515" "ib_send_bw $PB --tclass=106 -s 16384 -n 5" "ib_send_bw $PA --tclass=106 -s 16384 -n 5 10.0.0.2"
}
