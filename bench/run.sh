#!/usr/bin/env bash
# Times whole runs on the same file: cat, rocescope dissect (decode only, text, fields, json), rocescope flows/stats
# (also with a 64 MB heap, to show memory does not grow with the file) and tshark.
# Usage: bench/run.sh [FRAMES]   (default 2,000,000; tshark runs on a 1/20 slice, it is ~100x slower)
# Prints frames per second for each; paste the table into BENCHMARKS.md.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
frames=${1:-2000000}
caps=$root/../shared/captures
out=${TMPDIR:-/tmp}/rocescope-bench
mkdir -p "$out"
big=$out/big.pcap
small=$out/small.pcap
# A mix of real captures, repeated with advancing timestamps: small latency-test frames and 1 KB bandwidth frames.
mix=("$caps/send_lat_rc.pcap" "$caps/write_lat_rc_rdmacm.pcap" "$caps/atomic_bw_fetch_add.pcap" "$caps/rnr_nak.pcap" "$caps/send_bw_loss2pct.pcap")
python3 "$root/bench/make-big-pcap.py" "$big" "$frames" "${mix[@]}"
python3 "$root/bench/make-big-pcap.py" "$small" $((frames / 20)) "${mix[@]}"
"$root/rocescope" --version >/dev/null   # build once, outside the timings
size=$(stat -c %s "$big")
echo "file: $frames frames, $((size / 1000000)) MB ($(nproc) cores, $(java -version 2>&1 | head -1))"
t() {   # label, frames, command...
  local label=$1 n=$2; shift 2
  local start end
  start=$(date +%s.%N)
  "$@" >/dev/null 2>&1
  end=$(date +%s.%N)
  awk -v l="$label" -v n="$n" -v s="$start" -v e="$end" \
    'BEGIN { d = e - s; printf "| %-40s | %8.2f s | %12.0f frames/s |\n", l, d, n / d }'
}
echo "| run | time | rate |"
echo "|---|---:|---:|"
t "cat FILE > /dev/null" "$frames" cat "$big"
t "rocescope dissect -q (decode only)" "$frames" "$root/rocescope" dissect -q "$big"
t "rocescope dissect (text lines)" "$frames" "$root/rocescope" dissect "$big"
t "rocescope dissect -T fields (5 fields)" "$frames" "$root/rocescope" dissect -T fields -e frame.number \
  -e infiniband.bth.opcode -e infiniband.bth.destqp -e infiniband.bth.psn -e infiniband.icrc.status "$big"
t "rocescope dissect -T json (1/20 slice)" $((frames / 20)) "$root/rocescope" dissect -T json "$small"
t "rocescope flows" "$frames" "$root/rocescope" flows "$big"
t "rocescope stats" "$frames" "$root/rocescope" stats "$big"
jar=$root/analyzer-cli/target/rocescope-all.jar
peak=$( { /usr/bin/time -f "%M" java -Xmx64m -jar "$jar" flows "$big" >/dev/null; } 2>&1 | tail -1)
echo "| rocescope flows with -Xmx64m: completes, peak RSS $((peak / 1024)) MB for a $((size / 1000000)) MB file | | |"
if command -v tshark >/dev/null; then
  t "tshark -r (text lines, 1/20 slice)" $((frames / 20)) tshark -n -r "$small"
  t "tshark -T fields (5 fields, 1/20 slice)" $((frames / 20)) tshark -n -r "$small" -T fields -e frame.number \
    -e infiniband.bth.opcode -e infiniband.bth.destqp -e infiniband.bth.psn -e infiniband.invariant.crc
  t "tshark -q -z conv,udp (1/20 slice)" $((frames / 20)) tshark -n -q -r "$small" -z conv,udp
fi
