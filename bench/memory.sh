#!/usr/bin/env bash
# Bounded memory, as whole runs with the launcher's JVM options (not ./rocescope itself, which may build):
#  1. `flows` over 1,000,000 distinct QPs (synth distinct-qps: 1 M connections of a SEND Only and its ACK,
#     2 M flows, 2 M frames) in one pass: wall time and peak RSS.
#  2. `flows` over N packets on 10,000 QPs (synth bulk --qps 10000), streamed from the synthesizer through
#     a pipe (no file), at several N: peak RSS should stay flat as N grows.
# Usage: bench/memory.sh [SIZES...]   (default: 10000000 30000000 100000000 packets for part 2)
# Needs GNU time (/usr/bin/time). Prints one line per run: what, wall seconds, CPU seconds, peak RSS.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
jar=${ROCESCOPE_JAR:-$root/analyzer-cli/target/rocescope-all.jar}   # ROCESCOPE_JAR: another build to measure
[ -f "$jar" ] || { echo "build first: mvn -q -B -DskipTests package -pl analyzer-cli -am" >&2; exit 2; }
opts=(-XX:+UseSerialGC -XX:TieredStopAtLevel=1)   # as ./rocescope runs it
out=${TMPDIR:-/tmp}/rocescope-bench
mkdir -p "$out"
sizes=("$@")
[ ${#sizes[@]} -gt 0 ] || sizes=(10000000 30000000 100000000)
measure() {   # label, command...: runs it under /usr/bin/time -v, prints wall, CPU and peak RSS
  local label=$1 log=$out/time.log
  shift
  "$@" >/dev/null 2>"$log.err" || true
  awk -v l="$label" '
    /Elapsed \(wall clock\)/ { n = split($NF, p, ":"); w = (n == 3) ? p[1] * 3600 + p[2] * 60 + p[3] : p[1] * 60 + p[2] }
    /User time/ { u = $NF } /System time/ { s = $NF } /Maximum resident/ { r = $NF }
    /Exit status/ { x = $NF }
    END { printf "| %-58s | %7.1f s | %7.1f s | %6.0f MB | %s |\n", l, w, u + s, r / 1024, x }' "$log.err"
}
qps=$out/distinct-qps-1m.pcap
[ -f "$qps" ] || java "${opts[@]}" -jar "$jar" synth distinct-qps --qps 1000000 -o "$qps"
cat "$qps" >/dev/null
echo "| run | wall | CPU | peak RSS | exit |"
echo "|---|---:|---:|---:|---:|"
measure "flows, 1,000,000 distinct QPs (2 M frames, $(( $(stat -c %s "$qps") / 1000000 )) MB)" \
  /usr/bin/time -v java "${opts[@]}" -jar "$jar" flows "$qps"
for n in "${sizes[@]}"; do
  # the synthesizer writes to the pipe; only the analyzer's process is measured
  measure "flows, $n packets over 10,000 QPs (bulk, through a pipe)" sh -c \
    "java ${opts[*]} -jar '$jar' synth bulk --qps 10000 --packets $n -o - 2>/dev/null | /usr/bin/time -v java ${opts[*]} -jar '$jar' flows - >/dev/null"
done
