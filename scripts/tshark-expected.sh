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
