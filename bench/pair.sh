#!/usr/bin/env bash
# Times two commands as whole processes, in turn (A B A B ...), and prints the medians of wall and CPU
# seconds and peak RSS of each, and the median and range of the pairwise ratios A/B. Pairing is what makes a ratio
# hold on a shared machine whose speed drifts: each A is compared with the B run next to it, not with a
# B run minutes later. Output is discarded (stdout and stderr go to /dev/null); the load average is
# printed before and after, since a ratio from a loaded machine says less than one from an idle one.
#
#   bench/pair.sh [-n PAIRS] [-w WARMUPS] 'COMMAND A' 'COMMAND B'
#
# e.g. bench/pair.sh -n 7 'java -jar analyzer-cli/target/rocescope-all.jar flows big.pcap' 'capinfos -c big.pcap'
set -euo pipefail
pairs=5 warm=1
while getopts n:w: o; do case $o in n) pairs=$OPTARG;; w) warm=$OPTARG;; *) exit 2;; esac; done
shift $((OPTIND - 1))
[ $# -eq 2 ] || { echo "usage: bench/pair.sh [-n PAIRS] [-w WARMUPS] 'COMMAND A' 'COMMAND B'" >&2; exit 2; }
a=$1 b=$2
[ -x /usr/bin/time ] || { echo "bench/pair.sh: needs GNU time (/usr/bin/time, Debian package time)" >&2; exit 2; }
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
one() {   # one run of a command: prints "wall cpu maxrss_kb"
  /usr/bin/time -f '%e %U %S %M' -o "$tmp/t" sh -c "exec $1" >/dev/null 2>&1 || true
  awk '{ printf "%s %.2f %s\n", $1, $2 + $3, $4 }' "$tmp/t"
}
echo "load before: $(cut -d' ' -f1-3 /proc/loadavg); $(nproc) cores; $pairs pairs after $warm warm-up(s)"
for _ in $(seq "$warm"); do one "$a" >/dev/null; one "$b" >/dev/null; done
for _ in $(seq "$pairs"); do
  ra=$(one "$a"); rb=$(one "$b")
  echo "$ra $rb" >> "$tmp/runs"
done
median() { sort -g | awk '{ v[NR] = $1 } END { if (NR == 0) print "n/a"; else print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
col() { awk -v c="$1" '{ print $c }' "$tmp/runs" | median; }
ratio() { awk -v x="$1" -v y="$2" '{ if ($y > 0) printf "%.3f\n", $x / $y }' "$tmp/runs" | median; }
printf '%-6s %10s %10s %12s\n' "" "wall s" "CPU s" "peak RSS MB"
printf '%-6s %10s %10s %12.1f\n' A "$(col 1)" "$(col 2)" "$(echo "$(col 3)" | awk '{ print $1 / 1024 }')"
printf '%-6s %10s %10s %12.1f\n' B "$(col 4)" "$(col 5)" "$(echo "$(col 6)" | awk '{ print $1 / 1024 }')"
printf '%-6s %10s %10s\n' "A/B" "$(ratio 1 4)" "$(ratio 2 5)"
# the spread of the pairwise ratios: a change shows only where the whole range sits on one side of 1
range() { awk -v x="$1" -v y="$2" '{ if ($y > 0) printf "%.3f\n", $x / $y }' "$tmp/runs" | sort -g | awk 'NR == 1 { lo = $1 } { hi = $1 } END { print lo "-" hi }'; }
printf '%-6s %10s %10s\n' "range" "$(range 1 4)" "$(range 2 5)"
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "A: $a"
echo "B: $b"
