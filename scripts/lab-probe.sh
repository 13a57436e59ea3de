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
# The guest needs a JRE: this host's JDK makes one with jlink (no new guest image, no network); the lab's
# guest image is reused from $BASE (built once by the lab, debootstrap ~4 min) through symlinks in $BUILD,
# so the lab's own job disk and results stay untouched. qemu uses KVM when /dev/kvm works, else TCG
# (QEMU_ACCEL=tcg forces it). A run: a few minutes.
set -eu
HERE=$(cd "$(dirname "$0")/.." && pwd)
LAB=${LAB:-$HERE/../shared/lab}
OUT=${OUT:-/tmp/lab-probe}
BASE=${BASE:-/var/tmp/roce-lab-build}
BUILD=${BUILD:-/var/tmp/roce-lab-probe}
JAR=$HERE/analyzer-cli/target/rocescope-all.jar
[ -f "$JAR" ] || { echo "lab-probe: build the jar first: mvn -q -B -DskipTests package -pl analyzer-cli -am" >&2; exit 2; }
[ -d "$LAB" ] || { echo "lab-probe: no lab at $LAB (set LAB=)" >&2; exit 2; }
[ "$(id -u)" = 0 ] || { echo "lab-probe: needs root (qemu, debootstrap)" >&2; exit 2; }

WORK=$(mktemp -d /tmp/lab-probe.XXXXXX)
trap 'rm -rf "$WORK"' EXIT
cp -r "$LAB" "$WORK/lab"
mkdir -p "$WORK/extra" "$OUT"
cp "$JAR" "$WORK/extra/rocescope-all.jar"
JLINK=$(command -v jlink || true)
[ -n "$JLINK" ] || { echo "lab-probe: needs jlink (a JDK 17) to make the guest's JRE" >&2; exit 2; }
"$JLINK" --add-modules java.se,jdk.unsupported,jdk.zipfs --strip-debug --no-header-files --no-man-pages \
    --compress=2 --output "$WORK/extra/jre"
# the guest image: the lab's, through symlinks (qemu opens it with snapshot=on: never written)
mkdir -p "$BUILD"
if [ ! -e "$BUILD/rootfs.img" ] && [ -f "$BASE/rootfs.img" ]; then
    ln -s "$BASE/rootfs.img" "$BUILD/rootfs.img"; ln -s "$BASE/rootfs" "$BUILD/rootfs"
fi
# KVM only with hardware virtualisation in the CPU flags and a KVM machine qemu can set up (still running when
# timeout stops it: 124). A /dev/kvm without vmx/svm (seen on this project's build host) lets qemu start but the
# guest never gets past the BIOS: TCG then.
if [ -z "${QEMU_ACCEL:-}" ] && [ -e /dev/kvm ] && grep -qE '\b(vmx|svm)\b' /proc/cpuinfo; then
    rc=0; timeout 3 qemu-system-x86_64 -accel kvm -cpu host -machine q35 -display none -nodefaults -monitor none -S \
        > "$WORK/kvm-test.log" 2>&1 || rc=$?
    [ $rc != 124 ] || export QEMU_ACCEL=kvm QEMU_CPU=host,arch-capabilities=off
fi
echo "lab-probe: qemu -accel ${QEMU_ACCEL:-tcg,thread=multi}"
export QEMU_TIMEOUT=${QEMU_TIMEOUT:-1800}

# scenarios of our own, after the lab's
cat >> "$WORK/lab/guest/scenarios.sh" <<'SCEN'

probe_b_capture_start() { tcpdump -i vethB -s 0 -U -n -w "${PCAP%.pcap}.vethB.cap" "udp port 4791" > /tmp/tcpdump_b.err 2>&1 & echo $! > /tmp/tcpdump_b.pid; sleep 1; }
probe_b_capture_stop() { kill -INT "$(cat /tmp/tcpdump_b.pid)" 2>/dev/null; sleep 1; }
PROBE="/job/extra/jre/bin/java -jar /job/extra/rocescope-all.jar probe cm -i vethA --dst-mac 02:00:0a:00:00:02 --rate 5 -T json"

s_probe_cm_no_listener() {
    scen_begin probe_cm_no_listener "rocescope probe cm from vethA to rxe_b (10.0.0.2), port 9999 where nothing listens: each CM REQ answered by the kernel CM's REJ (reason 8)."
    net_setup; find_gids; cap_start; probe_b_capture_start
    client_run client 300 $PROBE -c 5 --cm-response-timeout 20 --retries 2 --port 9999 10.0.0.2
    probe_b_capture_stop; cap_stop; scen_outputs; scen_end
}

s_probe_cm_rping() {
    scen_begin probe_cm_rping "rocescope probe cm from vethA to rping -s on rxe_b (10.0.0.2:7174): a REP, answered by the probe's REJ at once."
    net_setup; find_gids; cap_start; probe_b_capture_start
    server_start server rping -s -a 10.0.0.2 -p 7174 -v
    wait_listen cm
    client_run client 300 $PROBE -c 1 --cm-response-timeout 20 --retries 2 --port 7174 10.0.0.2
    server_wait server 20
    probe_b_capture_stop; cap_stop; scen_outputs; scen_end
}

# the sweeps against the kernel CM: DSCP, frame size (vethA 9000, vethB 1500: the path MTU is vethB's), ECMP source ports
s_probe_cm_sweeps() {
    scen_begin probe_cm_sweeps "rocescope probe cm sweeps from vethA to rxe_b (10.0.0.2), nothing listening: DSCP 0,26,46; frame sizes 322..2000 with vethA MTU 9000 and vethB MTU 1500; 21 UDP source ports (--paths 4 --confidence 0.99)."
    net_setup; x ip link set vethA mtu 9000; find_gids; cap_start; probe_b_capture_start
    client_run sweep_dscp 300 $PROBE -c 2 --cm-response-timeout 18 --retries 1 --dscp 0,26,46 10.0.0.2
    client_run sweep_size 300 $PROBE -c 1 --cm-response-timeout 18 --retries 1 --sizes 322,1000,1514,1518,1600,2000 10.0.0.2
    client_run sweep_ports 300 $PROBE -c 1 --cm-response-timeout 18 --retries 1 --paths 4 --confidence 0.99 10.0.0.2
    probe_b_capture_stop; cap_stop; scen_outputs; scen_end
}
SCEN
# a JVM under TCG starts in minutes: the lab's 400 s per scenario is too short
sed -i 's/SCEN_TMO:-400/SCEN_TMO:-1800/' "$WORK/lab/guest/run.sh"
sed -i 's/^ALL_SCENARIOS="/ALL_SCENARIOS="probe_cm_no_listener probe_cm_rping probe_cm_sweeps /' "$WORK/lab/guest/scenarios.sh"

LAB_EXTRA="$WORK/extra" BUILD="$BUILD" CAPDIR="$OUT" \
    "$WORK/lab/build-captures.sh" probe_cm_no_listener probe_cm_rping probe_cm_sweeps
# the second capture point (named .cap so that the lab's manifest, which wants a .txt per .pcap, leaves it)
for f in "$BUILD"/out/out/*.vethB.cap; do cp "$f" "$OUT/$(basename "$f" .vethB.cap)_vethB.pcap"; done

# checks: the probe's own JSON (in the scenario's txt, one section per run) against tshark on both captures
python3 - "$OUT" <<'PY'
import json, re, subprocess, sys, pathlib
out = pathlib.Path(sys.argv[1]); ok = True
def probe_json(name, label):
    txt = (out / f"{name}.txt").read_text()
    sec = txt.split(f"## Output of {label}\n", 1)
    if len(sec) < 2: raise SystemExit(f"{name}: no output of {label} in {name}.txt")
    m = re.search(r'^\[ \{.*?^\} \]', sec[1], re.S | re.M)
    if not m: raise SystemExit(f"{name}: no probe JSON in the output of {label}")
    return json.loads(m.group(0))[0]
def tshark(pcap, filt, *fields):
    args = ["tshark", "-r", str(pcap), "-Y", filt, "-T", "fields"]
    for f in fields: args += ["-e", f]
    return [l.split("\t") for l in subprocess.run(args, capture_output=True, text=True).stdout.splitlines()]
def check(what, cond):
    global ok
    print(("ok   " if cond else "FAIL ") + what); ok &= bool(cond)
REQ, REJ, REP = "infiniband.mad.attributeid == 0x0010", "infiniband.mad.attributeid == 0x0012", "infiniband.mad.attributeid == 0x0013"

a = probe_json("probe_cm_no_listener", "client")
print(f"no listener: sent {a['sent']} lost {a['lost']} answers {a['answers']} reasons {a['rejectReasons']} rtt {a['rttMillis']}")
check("no listener: every probe a REJ, reason 8", a["answers"].get("REJ") == a["sent"] == 5 and list(a["rejectReasons"]) == ["8 Invalid service ID"])
for side in ("probe_cm_no_listener.pcap", "probe_cm_no_listener_vethB.pcap"):
    reqs, rejs = tshark(out / side, REQ, "frame.number"), tshark(out / side, REJ, "infiniband.cm.rej.reason")
    check(f"{side}: {len(reqs)} REQs, {len(rejs)} REJs (reason 8) as the probe sent and saw", len(reqs) == sum(p["sends"] for p in a["probes"]) and len(rejs) >= 5 and all(r[0] == "8" for r in rejs))
b = probe_json("probe_cm_rping", "client")
print(f"rping: sent {b['sent']} answers {b['answers']} rtt {b['rttMillis']}")
check("rping: a REP", b["answers"].get("REP") == b["sent"] == 1)
reps, rejs = tshark(out / "probe_cm_rping.pcap", REP, "ip.src"), tshark(out / "probe_cm_rping.pcap", REJ, "ip.src", "infiniband.cm.rej.reason")
check("rping capture: the kernel's REP from 10.0.0.2, our REJ (28) from 10.0.0.1", reps == [["10.0.0.2"]] and ["10.0.0.1", "28"] in rejs)

d = probe_json("probe_cm_sweeps", "sweep_dscp")
steps = {s["value"]: s for s in d["sweep"]["steps"]}
check(f"dscp sweep: steps {sorted(steps)} each answered by REJs", sorted(steps) == [0, 26, 46] and all(s["answers"].get("REJ") == 2 for s in steps.values()))
dscps = [int(r[0]) for r in tshark(out / "probe_cm_sweeps_vethB.pcap", REQ + " && ip.src == 10.0.0.1", "ip.dsfield.dscp")]
check(f"dscp sweep at vethB (tshark ip.dsfield.dscp of the REQs): {sorted(set(dscps))}", {0, 26, 46} <= set(dscps))
z = probe_json("probe_cm_sweeps", "sweep_size")
mtu = z["sweep"]["pathMtu"]
print("size sweep:", [(s["value"], s["answers"]) for s in z["sweep"]["steps"]], "path MTU", mtu)
lens = sorted({int(r[0]) for r in tshark(out / "probe_cm_sweeps_vethB.pcap", REQ + " && frame.len >= 322 && ip.src == 10.0.0.1", "frame.len")})
print("REQ frame sizes that reached vethB (tshark frame.len):", lens)
check("size sweep: the largest frame answered is the largest that reached vethB", mtu and mtu["largestAnsweredFrame"] == max(l for l in lens if l in (322, 1000, 1514, 1518, 1600, 2000)))
e = probe_json("probe_cm_sweeps", "sweep_ports")
ports = [s["value"] for s in e["sweep"]["steps"]]
seen = {int(r[0]) for r in tshark(out / "probe_cm_sweeps_vethB.pcap", REQ + " && ip.src == 10.0.0.1", "udp.srcport")}
check(f"ECMP sweep: {len(ports)} source ports ({e['settings']['ecmp']}), all seen at vethB (tshark udp.srcport)", len(ports) == 21 and set(ports) <= seen)
check("ECMP sweep: every port answered", all(s["answered"] == 1 for s in e["sweep"]["steps"]))
print("P_Keys answered with:", d.get("pkeys"))
print("lab-probe:", "PASS" if ok else "FAIL")
sys.exit(0 if ok else 1)
PY
for f in "$OUT"/probe_cm_*.pcap; do
    echo "== $f"; java -jar "$JAR" dissect "$f" | grep -E "ConnectRe|Reject|Reply" | head -12 || true
done
