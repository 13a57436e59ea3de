#!/usr/bin/env bash
# Stores tshark's values of the standard fields (frame times and protocols, addresses, ports, streams,
# relative TCP numbers, data) for some real captures, for StandardFieldsTest:
#   analyzer-cli/src/test/resources/tshark/standard/CAPTURE.tsv (with -E header=y), and
#   CAPTURE.displayed.tsv: the same with -Y "frame.number % 3 == 0 || tcp" (frame.time_delta_displayed counts kept frames).
#   scripts/tshark-standard-fields.sh [CAPTURE_DIR]
# Needs Debian's tshark (4.0.x was used).
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
captures=${1:-$here/../shared/captures}
out=$here/analyzer-cli/src/test/resources/tshark/standard
mkdir -p "$out"
fields=(frame.number frame.time frame.time_delta frame.time_delta_displayed frame.time_relative frame.protocols
  eth.addr ip.addr ipv6.addr ip.flags.df udp.port udp.stream tcp.port tcp.stream tcp.seq tcp.ack tcp.seq_raw
  tcp.ack_raw data.len)
# data.data too where payloads are small (the 1 KiB SENDs of the bandwidth tests would make the files large)
small=(rping udaddy_sidr send_lat_rc send_bw_ud atomic_bw_fetch_add write_lat_rc_rdmacm)
large=(send_bw_ipv6 send_bw_vlan100)
run() {
  local name=$1; shift
  local args=()
  for f in "$@"; do args+=(-e "$f"); done
  tshark -n -r "$captures/$name.pcap" -T fields -E header=y "${args[@]}" 2>/dev/null > "$out/$name.tsv"
  tshark -n -r "$captures/$name.pcap" -Y "frame.number % 3 == 0 || tcp" -T fields -E header=y "${args[@]}" 2>/dev/null > "$out/$name.displayed.tsv"
  echo "$name: $(($(wc -l < "$out/$name.tsv") - 1)) frames"
}
for name in "${small[@]}"; do run "$name" "${fields[@]}" data.data; done
for name in "${large[@]}"; do run "$name" "${fields[@]}"; done
