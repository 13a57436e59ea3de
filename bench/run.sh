#!/usr/bin/env bash
# Times whole runs on the same file: cat, rocescope (decode only on one core and on all, text, fields, JSON,
# flows, stats, flows with a 64 MB heap) and tshark (text and conversation statistics on the whole file,
# -T fields and JSON on a slice: they take minutes). Each rocescope run is the best of REPS (default 3):
# the project's machines are shared and vary by +-20 % from run to run.
# Usage: bench/run.sh [FRAMES] [REPS]   (default 2,000,000 frames; needs python3, tshark for its rows)
# Prints a Markdown table for BENCHMARKS.md, then the steady-state in-memory decode speed.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
frames=${1:-2000000}
reps=${2:-3}
caps=$root/../shared/captures
out=${TMPDIR:-/tmp}/rocescope-bench
mkdir -p "$out"
big=$out/big-$frames.pcap
slice=$out/slice-$((frames / 20)).pcap
# A mix of real captures, repeated with advancing timestamps: small latency-test frames and 1 KB bandwidth frames.
mix=("$caps/send_lat_rc.pcap" "$caps/write_lat_rc_rdmacm.pcap" "$caps/atomic_bw_fetch_add.pcap" "$caps/rnr_nak.pcap" "$caps/send_bw_loss2pct.pcap")
[ -f "$big" ] || python3 "$root/bench/make-big-pcap.py" "$big" "$frames" "${mix[@]}"
[ -f "$slice" ] || python3 "$root/bench/make-big-pcap.py" "$slice" $((frames / 20)) "${mix[@]}"
"$root/rocescope" --version >/dev/null   # build once, outside the timings
cat "$big" >/dev/null                     # in the page cache for every run
size=$(stat -c %s "$big")
echo "file: $frames frames, $((size / 1000000)) MB; $(nproc) cores; $(java -version 2>&1 | head -1); $(date -u +%F)"
echo
best() {   # best wall time of $reps runs of a command, in seconds
  local b=999999 s e
  for _ in $(seq "$reps"); do
    s=$(date +%s.%N); "$@" >/dev/null 2>&1; e=$(date +%s.%N)
    b=$(awk -v s="$s" -v e="$e" -v b="$b" 'BEGIN { d = e - s; print (d < b) ? d : b }')
  done
  echo "$b"
}
row() {    # label, frames in the file used, seconds
  awk -v l="$1" -v n="$2" -v d="$3" 'BEGIN { printf "| %-52s | %8.2f s | %12.0f frames/s |\n", l, d, n / d }'
}
echo "| run | time | rate |"
echo "|---|---:|---:|"
row "cat FILE > /dev/null" "$frames" "$(best cat "$big")"
rs=$root/rocescope
row "rocescope dissect -q --threads 0 (decode only, one core)" "$frames" "$(best "$rs" dissect -q --threads 0 "$big")"
row "rocescope dissect -q (decode only)" "$frames" "$(best "$rs" dissect -q "$big")"
row "rocescope dissect (text lines)" "$frames" "$(best "$rs" dissect "$big")"
row "rocescope dissect -T fields (5 fields)" "$frames" "$(best "$rs" dissect -T fields -e frame.number \
  -e infiniband.bth.opcode -e infiniband.bth.destqp -e infiniband.bth.psn -e infiniband.icrc.status "$big")"
row "rocescope dissect -T json (1/20 slice)" $((frames / 20)) "$(best "$rs" dissect -T json "$slice")"
row "rocescope flows" "$frames" "$(best "$rs" flows "$big")"
row "rocescope stats" "$frames" "$(best "$rs" stats "$big")"
jar=$root/analyzer-cli/target/rocescope-all.jar
peak=$( { /usr/bin/time -f "%M" java -Xmx64m -XX:+UseSerialGC -XX:TieredStopAtLevel=1 -jar "$jar" flows "$big" >/dev/null; } 2>&1 | tail -1)
echo "| rocescope flows with -Xmx64m: completes, peak RSS $((peak / 1024)) MB for a $((size / 1000000)) MB file | | |"
if command -v tshark >/dev/null; then
  reps=1
  row "tshark -r (text lines)" "$frames" "$(best tshark -n -r "$big")"
  row "tshark -q -z conv,udp" "$frames" "$(best tshark -n -q -r "$big" -z conv,udp)"
  row "tshark -T fields (5 fields, 1/20 slice)" $((frames / 20)) "$(best tshark -n -r "$slice" -T fields -e frame.number \
    -e infiniband.bth.opcode -e infiniband.bth.destqp -e infiniband.bth.psn -e infiniband.invariant.crc)"
  row "tshark -T json (1/20 slice)" $((frames / 20)) "$(best tshark -n -r "$slice" -T json)"
fi
echo
echo "Steady state, in memory, one core (bench/DecodeSpeed.java), C1 then C2:"
java -XX:+UseSerialGC -XX:TieredStopAtLevel=1 -cp "$jar" "$root/bench/DecodeSpeed.java" "$big" | grep -E "round (10|  5):"
java -XX:+UseSerialGC -cp "$jar" "$root/bench/DecodeSpeed.java" "$big" | grep -E "round (10|  5):"
