#!/usr/bin/env bash
# Regenerates the tshark oracle files used by TsharkOracleTest: for every capture in the ground-truth
# folder, the InfiniBand fields tshark decodes, one line per frame. Run after adding a capture:
#   scripts/tshark-expected.sh [CAPTURE_DIR]
# Needs Debian's tshark (4.0.x was used). The last column marks frames tshark calls malformed (it wrongly
# parses perftest -R parameter SENDs as RPC-over-RDMA and then stops before the ICRC).
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
captures=${1:-$here/../shared/captures}
out=$here/dissector/src/test/resources/tshark
mkdir -p "$out"
fields=(frame.number infiniband.bth.opcode infiniband.bth.se infiniband.bth.m infiniband.bth.padcnt
  infiniband.bth.tver infiniband.bth.p_key infiniband.bth.destqp infiniband.bth.a infiniband.bth.psn
  infiniband.reth.va infiniband.reth.r_key infiniband.reth.dmalen infiniband.aeth.syndrome infiniband.aeth.msn
  infiniband.deth.q_key infiniband.deth.srcqp infiniband.atomiceth.swapdt infiniband.atomiceth.cmpdt
  infiniband.atomicacketh.origremdt infiniband.immdt infiniband.invariant.crc _ws.malformed)
args=()
for f in "${fields[@]}"; do args+=(-e "$f"); done
for pcap in "$captures"/*.pcap; do
  name=$(basename "$pcap" .pcap)
  # only frames tshark sees as InfiniBand; -o keeps the default RoCEv2 port explicit
  tshark -n -r "$pcap" -Y infiniband -T fields -E header=y -E separator=/t "${args[@]}" \
    2>/dev/null > "$out/$name.tsv"
  echo "$name: $(($(wc -l < "$out/$name.tsv") - 1)) frames"
done

# CM MADs: every CM field tshark decodes, on frames that carry a MAD.
cm_fields=(frame.number infiniband.mad.baseversion infiniband.mad.mgmtclass infiniband.mad.classversion
  infiniband.mad.method infiniband.mad.status infiniband.mad.classspecific infiniband.mad.transactionid
  infiniband.mad.attributeid infiniband.mad.attributemodifier
  infiniband.cm.req infiniband.cm.req.serviceid infiniband.cm.req.serviceid.protocol infiniband.cm.req.serviceid.dport
  infiniband.cm.req.localcaguid infiniband.cm.req.localqkey infiniband.cm.req.localqpn infiniband.cm.req.responderres
  infiniband.cm.req.localeecn infiniband.cm.req.initdepth infiniband.cm.req.remoteeecn infiniband.cm.req.remoteresptout
  infiniband.cm.req.transpsvctype infiniband.cm.req.e2eflowctrl infiniband.cm.req.startpsn infiniband.cm.req.localresptout
  infiniband.cm.req.retrcount infiniband.cm.req.pkey infiniband.cm.req.pppmtu infiniband.cm.req.rdcexist
  infiniband.cm.req.rnrretrcount infiniband.cm.req.maxcmretr infiniband.cm.req.srq infiniband.cm.req.ext_transport
  infiniband.cm.req.prim_locallid infiniband.cm.req.prim_remotelid infiniband.cm.req.prim_localgid
  infiniband.cm.req.prim_remotegid infiniband.cm.req.prim_localgid_ipv4 infiniband.cm.req.prim_remotegid_ipv4
  infiniband.cm.req.prim_flowlabel infiniband.cm.req.prim_pktrate infiniband.cm.req.prim_tfcclass
  infiniband.cm.req.prim_hoplim infiniband.cm.req.prim_sl infiniband.cm.req.prim_subnetlocal
  infiniband.cm.req.prim_localacktout infiniband.cm.req.alt_locallid infiniband.cm.req.alt_remotelid
  infiniband.cm.req.alt_flowlabel infiniband.cm.req.alt_pktrate infiniband.cm.req.alt_tfcclass infiniband.cm.req.alt_hoplim
  infiniband.cm.req.alt_sl infiniband.cm.req.alt_subnetlocal infiniband.cm.req.alt_localacktout
  infiniband.cm.req.ip_cm.majv infiniband.cm.req.ip_cm.minv infiniband.cm.req.ip_cm.ipv infiniband.cm.req.ip_cm.sport
  infiniband.cm.req.ip_cm.sip4 infiniband.cm.req.ip_cm.dip4 infiniband.cm.req.ip_cm.sip6 infiniband.cm.req.ip_cm.dip6
  infiniband.cm.rep infiniband.cm.rep.remotecommid infiniband.cm.rep.localqkey infiniband.cm.rep.localqpn
  infiniband.cm.rep.localeecn infiniband.cm.rep.startpsn infiniband.cm.rep.respres infiniband.cm.rep.initdepth
  infiniband.cm.rep.tgtackdelay infiniband.cm.rep.failoveracc infiniband.cm.rep.e2eflowctrl infiniband.cm.rep.rnrretrcount
  infiniband.cm.rep.srq infiniband.cm.rep.localcaguid infiniband.cm.rtu.localcommid infiniband.cm.rtu.remotecommid
  infiniband.cm.rej.localcommid infiniband.cm.rej.remotecommid infiniband.cm.rej.msgrej infiniband.cm.rej.rejinfolen
  infiniband.cm.rej.reason infiniband.cm.dreq.localcommid infiniband.cm.dreq.remotecommid infiniband.cm.req.remoteqpneecn
  infiniband.cm.drsp.localcommid infiniband.cm.drsp.remotecommid)
cm_args=()
for f in "${cm_fields[@]}"; do cm_args+=(-e "$f"); done
mkdir -p "$out/cm"
for pcap in "$captures"/*.pcap; do
  name=$(basename "$pcap" .pcap)
  rows=$(tshark -n -r "$pcap" -Y infiniband.mad -T fields -E header=y -E separator=/t "${cm_args[@]}" 2>/dev/null)
  if [ "$(printf '%s\n' "$rows" | wc -l)" -gt 1 ]; then
    printf '%s\n' "$rows" > "$out/cm/$name.tsv"
    echo "$name: $(($(printf '%s\n' "$rows" | wc -l) - 1)) MADs"
  fi
done
