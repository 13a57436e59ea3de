#!/usr/bin/env bash
# Stores tshark's selection for every display filter in dissector/src/test/resources/tshark/filters/cases.tsv
# (lines "CAPTURE<TAB>FILTER"; # starts a comment) into expected.tsv beside it, as
# "CAPTURE<TAB>FILTER<TAB>FRAME NUMBERS" (comma-separated, a-b for runs). TsharkFilterTest compares ours with it.
#   scripts/tshark-filters.sh [CAPTURE_DIR]
# Needs Debian's tshark (4.0.x was used). A filter tshark refuses stops the script: it would test nothing.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
captures=${1:-$here/../shared/captures}
dir=$here/dissector/src/test/resources/tshark/filters
out=$dir/expected.tsv
tmp=$(mktemp)
trap 'rm -f "$tmp"' EXIT
while IFS=$'\t' read -r capture filter; do
  [[ -z "$capture" || "$capture" == \#* ]] && continue
  if ! frames=$(tshark -n -r "$captures/$capture.pcap" -Y "$filter" -T fields -e frame.number 2>/dev/null); then
    echo "tshark refuses: $capture: $filter" >&2
    exit 1
  fi
  runs=$(printf '%s\n' "$frames" | awk 'NF { if (s == "") { s = $1; e = $1 } else if ($1 == e + 1) { e = $1 }
      else { printf "%s%s", sep, (s == e ? s : s "-" e); sep = ","; s = $1; e = $1 } }
    END { if (s != "") printf "%s%s", sep, (s == e ? s : s "-" e) }')
  printf '%s\t%s\t%s\n' "$capture" "$filter" "$runs" >> "$tmp"
done < "$dir/cases.tsv"
mv "$tmp" "$out"
trap - EXIT
echo "$(wc -l < "$out") filters stored in $out"
