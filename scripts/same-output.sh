#!/usr/bin/env bash
# Shows that a change leaves every command's output as it was: runs two builds of the CLI (the fat jar
# before and after the change) over every capture with each command and prints the ones whose output
# (stdout, stderr and exit code) differs. Exit 0 when nothing differs.
#
#   scripts/same-output.sh BEFORE.jar AFTER.jar [CAPTURE...]
#
# Without captures: sample-pcaps/ and ../shared/captures (with external/). QUICK=1 runs the analysis
# commands only. Build a "before" jar with: git stash; mvn -q -B -DskipTests package -pl analyzer-cli -am;
# cp analyzer-cli/target/rocescope-all.jar /tmp/before.jar; git stash pop.
set -u
before=${1:?usage: same-output.sh BEFORE.jar AFTER.jar [CAPTURE...]}; after=${2:?usage: same-output.sh BEFORE.jar AFTER.jar [CAPTURE...]}
shift 2
here=$(cd "$(dirname "$0")/.." && pwd)
if [ $# -eq 0 ]; then
  set -- "$here"/sample-pcaps/*.pcap* "$here"/../shared/captures/*.pcap* "$here"/../shared/captures/external/*.*
fi
commands=("flows" "flows -T json" "expert" "expert -T json" "stats -T json" "timeline -T json" "check")
[ "${QUICK:-0}" = 1 ] || commands+=("dissect" "dissect -V" "dissect -T json" "dissect -T rocescope-json" "dissect -T ek"
  "dissect -T pdml" "dissect -T psml" "dissect -x -t ad"
  "dissect -T fields -e frame.number -e frame.time_delta_displayed -e tcp.stream -e udp.stream -e ip.addr -e _ws.col.Info -Y ip")
java=(java -XX:TieredStopAtLevel=1 -XX:+UseSerialGC -jar)
diffs=0; runs=0
for f in "$@"; do
  [ -f "$f" ] || continue
  case "$f" in *.txt|*.md) continue;; esac
  for c in "${commands[@]}"; do
    # shellcheck disable=SC2086
    a=$( { "${java[@]}" "$before" $c "$f" 2>&1; echo "exit $?"; } | md5sum)
    # shellcheck disable=SC2086
    b=$( { "${java[@]}" "$after" $c "$f" 2>&1; echo "exit $?"; } | md5sum)
    runs=$((runs + 1))
    [ "$a" = "$b" ] || { echo "DIFF: $c $f"; diffs=$((diffs + 1)); }
  done
done
echo "same-output: $runs runs, $diffs differ"
[ "$diffs" = 0 ]
