#!/bin/sh
# tshark-setups.sh: tshark 4.0's view of the set-up captures that SetupTimelineTest checks against
# (flow-tracker/src/test/resources/tshark/setups/NAME.tsv). Run from the repository root.
set -eu
CAP=${CAPTURES:-../shared/captures}
OUT=flow-tracker/src/test/resources/tshark/setups
mkdir -p "$OUT"
# REQ local QPN / REJ reason per CM frame
tshark -r "$CAP/cm_reject_no_listener.pcap" -Y "infiniband.cm.req.localqpn || infiniband.cm.rej.reason" -T fields \
    -e frame.number -e infiniband.cm.req.localqpn -e infiniband.cm.rej.reason 2>/dev/null > "$OUT/cm_reject_no_listener.tsv"
# every REQ: frame, local QPN, Max CM Retries, time
tshark -r sample-pcaps/cm_req_timeout.pcap -Y "infiniband.cm.req.localqpn" -T fields \
    -e frame.number -e infiniband.cm.req.localqpn -e infiniband.cm.req.maxcmretr -e frame.time_relative 2>/dev/null > "$OUT/cm_req_timeout.tsv"
# every datagram: frame, source IP, DestQP, Q_Key, SrcQP
tshark -r "$CAP/udaddy_sidr.pcap" -Y "infiniband.deth" -T fields -e frame.number -e ip.src -e infiniband.bth.destqp \
    -e infiniband.deth.q_key -e infiniband.deth.srcqp 2>/dev/null > "$OUT/udaddy_sidr.tsv"
