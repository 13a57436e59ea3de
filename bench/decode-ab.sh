#!/usr/bin/env bash
# The summary decoder of two builds in one JVM, round for round (bench/ab/DecodeAB.java): for changes too small for
# whole-process pairs (bench/pair.sh) to show on a machine whose speed drifts.
#
#   bench/decode-ab.sh A.jar B.jar FILE [WARMUP] [ROUNDS]
#
# e.g. bench/decode-ab.sh analyzer-cli/target/rocescope-all.jar /tmp/before.jar big.pcap
set -euo pipefail
[ $# -ge 3 ] || { echo "usage: bench/decode-ab.sh A.jar B.jar FILE [WARMUP] [ROUNDS]" >&2; exit 2; }
here=$(cd "$(dirname "$0")" && pwd)
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
javac -d "$tmp/round" -cp "$1" "$here/ab/DecodeRound.java"
javac -d "$tmp/driver" "$here/ab/DecodeAB.java"
echo "load before: $(cut -d' ' -f1-3 /proc/loadavg)"
java -Xms3g -Xmx3g -XX:+UseParallelGC -cp "$tmp/driver" DecodeAB "$tmp/round" "$@"
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
