#!/bin/sh
# probe cm against the real Linux CM: Soft-RoCE (rdma_rxe) in the lab's qemu guest (../shared/lab).
# From the A side (vethA, 10.0.0.1) the project's jar probes rxe_b on the B side (10.0.0.2), first with
# nothing listening (every probe must come back as a CM REJ, reason 8 "invalid service ID"), then with
# `rping -s` listening on 7174 (a REP, which the probe answers with a REJ at once). The lab captures on
# vethA; a second tcpdump captures on vethB. The checks at the end read the probe's JSON and the capture.
#
#   sudo scripts/lab-probe.sh                 # needs root, qemu and what ../shared/lab/README.md lists
#   LAB=/path/to/lab OUT=/tmp/lab-probe BUILD=/var/tmp/roce-lab-java scripts/lab-probe.sh
#
# The guest needs a JRE: the first run builds an image with EXTRA_PKGS=openjdk-17-jre-headless in its own
# $BUILD (debootstrap, a few minutes), later runs reuse it. Under TCG a run takes some minutes.
set -eu
HERE=$(cd "$(dirname "$0")/.." && pwd)
LAB=${LAB:-$HERE/../shared/lab}
OUT=${OUT:-/tmp/lab-probe}
BUILD=${BUILD:-/var/tmp/roce-lab-java}
JAR=$HERE/analyzer-cli/target/rocescope-all.jar
[ -f "$JAR" ] || { echo "lab-probe: build the jar first: mvn -q -B -DskipTests package -pl analyzer-cli -am" >&2; exit 2; }
[ -d "$LAB" ] || { echo "lab-probe: no lab at $LAB (set LAB=)" >&2; exit 2; }
[ "$(id -u)" = 0 ] || { echo "lab-probe: needs root (qemu, debootstrap)" >&2; exit 2; }

WORK=$(mktemp -d /tmp/lab-probe.XXXXXX)
trap 'rm -rf "$WORK"' EXIT
cp -r "$LAB" "$WORK/lab"
mkdir -p "$WORK/extra" "$OUT"
cp "$JAR" "$WORK/extra/rocescope-all.jar"

# two scenarios of our own, after the lab's
cat >> "$WORK/lab/guest/scenarios.sh" <<'SCEN'

probe_b_capture_start() { tcpdump -i vethB -s 0 -U -n -w "${PCAP%.pcap}_vethB.pcap" "udp port 4791" > /tmp/tcpdump_b.err 2>&1 & echo $! > /tmp/tcpdump_b.pid; sleep 1; }
probe_b_capture_stop() { kill "$(cat /tmp/tcpdump_b.pid)" 2>/dev/null; sleep 0.5; }
PROBE="java -jar /job/extra/rocescope-all.jar probe cm --cm-response-timeout 20 --retries 2 --rate 2 -T json"

s_probe_cm_no_listener() {
    scen_begin probe_cm_no_listener "rocescope probe cm from vethA to rxe_b (10.0.0.2), port 9999 where nothing listens: each CM REQ answered by the kernel CM's REJ (reason 8)."
    net_setup; find_gids; cap_start; probe_b_capture_start
    client_run client 300 $PROBE -c 5 --port 9999 10.0.0.2
    probe_b_capture_stop; cap_stop; scen_outputs; scen_end
}

s_probe_cm_rping() {
    scen_begin probe_cm_rping "rocescope probe cm from vethA to rping -s on rxe_b (10.0.0.2:7174): a REP, answered by the probe's REJ at once."
    net_setup; find_gids; cap_start; probe_b_capture_start
    server_start server rping -s -a 10.0.0.2 -p 7174 -v
    wait_listen cm
    client_run client 300 $PROBE -c 1 --port 7174 10.0.0.2
    server_wait server 20
    probe_b_capture_stop; cap_stop; scen_outputs; scen_end
}
SCEN
sed -i 's/^ALL_SCENARIOS="/ALL_SCENARIOS="probe_cm_no_listener probe_cm_rping /' "$WORK/lab/guest/scenarios.sh"

EXTRA_PKGS=openjdk-17-jre-headless LAB_EXTRA="$WORK/extra" BUILD="$BUILD" CAPDIR="$OUT" \
    "$WORK/lab/build-captures.sh" probe_cm_no_listener probe_cm_rping

# checks: the probe's own JSON (in the scenario's txt) and the capture, decoded by rocescope itself
python3 - "$OUT" <<'PY'
import json, re, sys, pathlib
out = pathlib.Path(sys.argv[1]); ok = True
def probe_json(name):
    txt = (out / f"{name}.txt").read_text()
    m = re.search(r'^\[ \{.*?^\} \]', txt, re.S | re.M)
    if not m: raise SystemExit(f"{name}: no probe JSON in {name}.txt")
    return json.loads(m.group(0))[0]
a = probe_json("probe_cm_no_listener")
print(f"no listener: sent {a['sent']} lost {a['lost']} answers {a['answers']} reasons {a['rejectReasons']} rtt {a['rttMillis']}")
ok &= a["answers"].get("REJ") == a["sent"] and list(a["rejectReasons"]) == ["8 Invalid service ID"] and a["rttMillis"] is not None
b = probe_json("probe_cm_rping")
print(f"rping: sent {b['sent']} answers {b['answers']} rtt {b['rttMillis']}")
ok &= b["answers"].get("REP") == b["sent"]
print("lab-probe:", "PASS" if ok else "FAIL")
sys.exit(0 if ok else 1)
PY
for f in "$OUT"/probe_cm_*.pcap; do
    echo "== $f"; java -jar "$JAR" dissect "$f" | grep -E "CM|REJ|REP|ConnectRe" || true
done
