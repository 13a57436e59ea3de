#!/usr/bin/env python3
"""Makes the fuzz tests' seed corpora (committed under src/test/resources/.../*FuzzTestInputs) from the
real captures: run once from the repository root when the captures change.

    python3 scripts/fuzz-seeds.py ../shared/captures sample-pcaps

Seeds are small on purpose (the fuzzer mutates every byte of them): pcap files of a capture's first
frames (and one frame of each kind), the same as pcapng (editcap), single frames of each distinct kind,
CM MADs, the TCP byte streams of perftest's exchange, display filters and rule packs.
"""
import glob, hashlib, os, struct, subprocess, sys

D = 'dissector/src/test/resources/io/rocescope/dissector'
OUT = {
    'pcap': f'{D}/capture/PcapReaderFuzzTestInputs/pcap',
    'pcapng': f'{D}/capture/PcapngReaderFuzzTestInputs/pcapng',
    'summary': f'{D}/decode/FrameSummaryFuzzTestInputs/summary',
    'tree': f'{D}/decode/FrameTreeFuzzTestInputs/tree',
    'mad': f'{D}/decode/CmMadFuzzTestInputs/mad',
    'stream': f'{D}/perftest/PerftestStreamFuzzTestInputs/stream',
    'filter': f'{D}/filter/DisplayFilterFuzzTestInputs/filter',
    'rules': 'analyzer-cli/src/test/resources/io/rocescope/cli/RulePackFuzzTestInputs/rules',
}

# Display filters as the README and the tests write them: every operator, both spellings, words, addresses.
FILTERS = [
    'infiniband', '!infiniband', 'perftest || infiniband.cm', 'infiniband.aeth.syndrome.opcode == 3',
    'infiniband.aeth.syndrome.opcode eq 3', 'infiniband.aeth.syndrome == 0x60', 'infiniband.bth.psn > 4741300',
    'infiniband.bth.psn <= 4741300', '!(infiniband.bth.psn < 100)', 'ip.src == 10.0.0.2 && infiniband',
    'ip.src != 10.0.0.2 and ip', 'infiniband.cm.req || infiniband.cm.rep', 'infiniband.icrc.status == good',
    'infiniband.icrc.status == bad', 'infiniband.cm.req.ip_cm.dip4 == "10.0.0.2"', 'not tcp or (udp and ip.dst ge 10.0.0.1)',
    'infiniband.bth.opcode == 0x11 && infiniband.aeth.syndrome.opcode == 1', 'eth.src == 02:00:0a:00:00:01',
    'infiniband.bth.destqp == 0x000011 || infiniband.deth.srcqp lt 2', 'ipv6.src == fd00::1', 'vlan.id == 100',
    'frame.len >= 1000', 'tcp.port == 18515', 'infiniband.bth.psn == x', 'ip.src > 10.0.0.1', '(infiniband',
]


def write_text_seeds(rule_dirs):
    for i, f in enumerate(FILTERS):
        write('filter', f'seed-{i:02d}', f.encode())
    for path in sorted(p for d in rule_dirs for p in glob.glob(d + '/*.yaml')):
        write('rules', 'seed-' + os.path.basename(path)[:-5], open(path, 'rb').read())
    write('rules', 'seed-filter', b'rules:\n  - id: r1\n    description: x\n    severity: error\n    metric: nak_count\n'
          b'    scope: flow\n    comparison: ">"\n    threshold: 0\n    filter: psn_sequence_error\n')
    write('rules', 'seed-window', b'rules: [{id: a, description: d, severity: warning, metric: nak_rate, scope: flow, '
          b'window: 1.5ms, comparison: ">=", threshold: 2}]\n')


def read_pcap(path):
    b = open(path, 'rb').read()
    magic = struct.unpack('<I', b[:4])[0]
    e = '<' if magic in (0xa1b2c3d4, 0xa1b23c4d) else '>'
    header = b[:24]
    link = struct.unpack(e + 'I', b[20:24])[0] & 0xFFFF
    out, o = [], 24
    while o + 16 <= len(b):
        sec, frac, incl, orig = struct.unpack(e + 'IIII', b[o:o + 16])
        out.append((b[o:o + 16], b[o + 16:o + 16 + incl]))
        o += 16 + incl
    return header, link, out


def kind(frame):
    """A coarse key: EtherType (after one VLAN tag), IP protocol, UDP/TCP port, BTH opcode, CM attribute."""
    et = frame[12:14]
    o = 14
    if et == b'\x81\x00':
        et, o = frame[16:18], 18
    key = [et.hex()]
    if et == b'\x08\x00':
        proto, ihl = frame[o + 9], (frame[o] & 15) * 4
        l4 = o + ihl
    elif et == b'\x86\xdd':
        proto, l4 = frame[o + 6], o + 40
    else:
        return tuple(key)
    key.append(proto)
    if proto == 17 and len(frame) > l4 + 8 + 12:
        bth = l4 + 8
        key += ['udp', frame[bth]]
        if frame[bth + 5:bth + 8] == b'\x00\x00\x01':      # QP1: a MAD, by attribute id
            key.append(frame[bth + 20 + 16:bth + 20 + 18].hex())
    elif proto == 6:
        off = ((frame[l4 + 12] >> 4) * 4)
        key += ['tcp', len(frame) > l4 + off]
    return tuple(key)


def pcap_big_endian_nanos(header, recs):
    """The same records as a big-endian, nanosecond pcap (the reader's other byte order and resolution)."""
    magic, vmaj, vmin, zone, sigfigs, snap, link = struct.unpack('<IHHiIII', header)
    out = struct.pack('>IHHiIII', 0xa1b23c4d, vmaj, vmin, zone, sigfigs, snap, link)
    for h, d in recs:
        sec, usec, incl, orig = struct.unpack('<IIII', h)
        out += struct.pack('>IIII', sec, usec * 1000, incl, orig) + d
    return out


def pcapng_big_endian(ng):
    """A little-endian pcapng (editcap's) in big-endian: block headers, SHB, IDB and EPB fields, option headers."""
    out, o = b'', 0
    while o + 12 <= len(ng):
        t, n = struct.unpack('<II', ng[o:o + 8])
        body = ng[o + 8:o + n - 4]
        if t == 0x0A0D0D0A:
            bom, vmaj, vmin, slen = struct.unpack('<IHHq', body[:16])
            fixed, rest = struct.pack('>IHHq', bom, vmaj, vmin, slen), body[16:]
        elif t == 1:
            link, res, snap = struct.unpack('<HHI', body[:8])
            fixed, rest = struct.pack('>HHI', link, res, snap), body[8:]
        elif t == 6:
            iface, hi, lo, cap, orig = struct.unpack('<IIIII', body[:20])
            pad = (cap + 3) & ~3
            fixed, rest = struct.pack('>IIIII', iface, hi, lo, cap, orig) + body[20:20 + pad], body[20 + pad:]
        else:
            fixed, rest = b'', None
        if rest is not None:   # options: code and length swapped, values as they are (if_tsresol is one byte)
            opts, p = b'', 0
            while p + 4 <= len(rest):
                code, ln = struct.unpack('<HH', rest[p:p + 4])
                opts += struct.pack('>HH', code, ln) + rest[p + 4:p + 4 + ((ln + 3) & ~3)]
                p += 4 + ((ln + 3) & ~3)
            body = fixed + opts
        out += struct.pack('>II', t, n) + body + struct.pack('>I', n)
        o += n
    return out


def write(kind_, name, data):
    os.makedirs(OUT[kind_], exist_ok=True)
    with open(os.path.join(OUT[kind_], name), 'wb') as f:
        f.write(data)


def main(dirs):
    for d in OUT.values():
        for f in glob.glob(d + '/seed-*'):
            os.remove(f)
    files = sorted(p for d in dirs for p in glob.glob(d + '/*.pcap'))
    seen = set()
    for path in files:
        base = os.path.basename(path)[:-5]
        header, link, recs = read_pcap(path)
        # pcap: the first frames, and one frame of each kind not seen before (real headers, real bytes)
        firsts = recs[:4]
        firsts_bytes = header + b''.join(h + d for h, d in firsts)
        write('pcap', f'seed-{base}-first', firsts_bytes)
        if header[:4] == struct.pack('<I', 0xa1b2c3d4):
            write('pcap', f'seed-{base}-first-be-ns', pcap_big_endian_nanos(header, firsts))
        kinds, picked = {}, []
        for h, d in recs:
            k = kind(d)
            if k not in kinds:
                kinds[k] = True
                picked.append((h, d))
        write('pcap', f'seed-{base}-kinds', header + b''.join(h + d[:400] + b'' for h, d in picked[:8] if len(d) <= 400))
        for src in ('first', 'kinds'):
            p = os.path.join(OUT['pcap'], f'seed-{base}-{src}')
            ng = subprocess.run(['editcap', '-F', 'pcapng', p, '-'], capture_output=True, check=True).stdout
            write('pcapng', f'seed-{base}-{src}', ng)
            if src == 'first':
                write('pcapng', f'seed-{base}-{src}-be', pcapng_big_endian(ng))
        # frames: one of each kind over all captures, prefixed by the decoder fuzz tests' two control bytes
        for h, d in picked:
            k = (link,) + kind(d)
            if k in seen:
                continue
            seen.add(k)
            name = f'seed-{base}-' + hashlib.sha1(d).hexdigest()[:8]
            write('summary', name, bytes([0, 0]) + d)
            write('tree', name, bytes([0, 0]) + d)
        # CM MADs (UD QP1) and perftest's TCP streams
        streams, mads = {}, set()
        for h, d in recs:
            k = kind(d)
            if len(k) > 4 and k[2] == 'udp' and k[1] == 17 and len(k) == 5:
                bth = len(d) - 4 - 256 - 20
                mad = d[bth + 20:bth + 20 + 256]
                if k[4] in mads:
                    continue
                mads.add(k[4])
                write('mad', f'seed-{base}-' + hashlib.sha1(mad).hexdigest()[:8], mad)
            if len(k) > 2 and k[2] == 'tcp' and k[1] == 6:
                ihl = (d[14] & 15) * 4 if k[0] == '0800' else 40
                l4 = 14 + (4 if d[12:14] == b'\x81\x00' else 0) + ihl
                sport, dport, seq = struct.unpack('>HHI', d[l4:l4 + 8])
                pay = d[l4 + (d[l4 + 12] >> 4) * 4:]
                if k[0] == '0800':
                    iplen = struct.unpack('>H', d[14 + 2:14 + 4])[0]
                    pay = pay[:max(0, iplen - ihl - (d[l4 + 12] >> 4) * 4)]
                st = streams.setdefault((sport, dport), {})
                if pay and seq not in st:
                    st[seq] = pay
        for (sport, dport), segs in streams.items():
            data = b''.join(segs[s] for s in sorted(segs))
            if data:
                write('stream', f'seed-{base}-{sport}-{dport}', bytes([len(data) % 251]) + data)


if __name__ == '__main__':
    main(sys.argv[1:] or ['../shared/captures', 'sample-pcaps'])
    write_text_seeds(['rules'])
