#!/usr/bin/env python3
"""Makes the corrupt-capture corpus (analyzer-cli/src/test/resources/corrupt/) from one real capture:
each file is the capture with one kind of damage, and MANIFEST.tsv says what the damage is and what
the CLI must do with it: how many frames come before the damage (counted here, by this script's own
walk of the records), the warning or error it prints (one line), and the exit code.

    python3 scripts/corrupt-corpus.py ../shared/captures/nak_remote_access_write.pcap
"""
import os, struct, subprocess, sys

OUT = 'analyzer-cli/src/test/resources/corrupt'


def pcap_records(b):
    """Offsets of each record header in a little-endian classic pcap."""
    offs, o = [], 24
    while o + 16 <= len(b):
        offs.append(o)
        o += 16 + struct.unpack('<I', b[o + 8:o + 12])[0]
    return offs


def pcapng_blocks(b):
    offs, o = [], 0
    while o + 12 <= len(b):
        t, n = struct.unpack('<II', b[o:o + 8])
        offs.append((o, t, n))
        o += n
    return offs


def main(src):
    base = os.path.basename(src)[:-5]
    pcap = open(src, 'rb').read()
    assert struct.unpack('<I', pcap[:4])[0] == 0xa1b2c3d4, 'a little-endian microsecond pcap'
    ng = subprocess.run(['editcap', '-F', 'pcapng', src, '-'], capture_output=True, check=True).stdout
    recs = pcap_records(pcap)
    total = len(recs)
    blocks = pcapng_blocks(ng)
    epbs = [(o, n) for o, t, n in blocks if t == 6]
    assert len(epbs) == total
    k = total // 2             # the record (0-based) the damage hits
    r, (e, elen) = recs[k], epbs[k]
    cases = []   # (name, bytes, frames before the damage, message fragment, exit code, what)

    def put32(b, at, v, fmt='<I'):
        return b[:at] + struct.pack(fmt, v) + b[at + 4:]

    cases.append(('pcap-cut-in-record', pcap[:r + 16 + 10], k, 'is cut short', 0, f'cut 10 bytes into record {k + 1}'))
    cases.append(('pcap-cut-in-header', pcap[:r + 7], k, 'record header after frame', 0, f'cut 7 bytes into record {k + 1}\'s header'))
    cases.append(('pcap-cut-file-header', pcap[:13], None, 'file header is cut short', 2, 'cut inside the 24-byte file header'))
    cases.append(('pcap-huge-incl-len', put32(pcap, r + 8, 0xFFFFFFF0), k, 'captured bytes; the file is corrupt', 0,
                  f'record {k + 1} claims 4294967280 captured bytes'))
    cases.append(('pcap-incl-len-over-limit', put32(pcap, r + 8, (1 << 20) + 1), k, 'captured bytes; the file is corrupt', 0,
                  f'record {k + 1} claims 1 MiB + 1 captured bytes'))
    cases.append(('pcap-first-record-huge', put32(pcap, 24 + 8, 0x7FFFFFFF), 0, 'captured bytes; the file is corrupt', 2,
                  'record 1 claims 2^31-1 bytes: no frame at all'))
    cases.append(('pcap-byte-order-flipped', struct.pack('>I', 0xa1b2c3d4) + pcap[4:], None, 'unsupported link type', 2,
                  'big-endian magic on a little-endian file: the header reads as link type 256'))
    cases.append(('pcap-link-type-odd', put32(pcap, 20, 147), None, 'unsupported link type 147', 2, 'link type USER0 (147)'))
    cases.append(('pcap-link-type-fcs-bits', put32(pcap, 20, 0x10000001), total, None, 0,
                  'FCS-length bits set above link type 1: every frame decodes'))
    cases.append(('pcapng-cut-in-block', ng[:e + 20], k, 'is cut short', 0, f'cut 20 bytes into packet block {k + 1}'))
    cases.append(('pcapng-block-length-odd', put32(ng, e + 4, elen + 2), k, 'has an invalid length', 0,
                  f'packet block {k + 1} length not a multiple of 4'))
    cases.append(('pcapng-block-length-small', put32(ng, e + 4, 8), k, 'has an invalid length', 0, f'packet block {k + 1} length 8'))
    cases.append(('pcapng-block-length-huge', put32(ng, e + 4, 0xFFFFFFF0), k, 'has an invalid length', 0,
                  f'packet block {k + 1} length 4294967280'))
    cases.append(('pcapng-captured-over-block', put32(ng, e + 20, elen), k, 'claims', 0,
                  f'packet block {k + 1} captured length larger than the block'))
    cases.append(('pcapng-unknown-interface', put32(ng, e + 8, 5), k, 'refers to interface 5', 0,
                  f'packet block {k + 1} names interface 5 of 1'))
    cases.append(('pcapng-byte-order-flipped', ng[:8] + struct.pack('>I', 0x1A2B3C4D) + ng[12:], None, 'section header block length', 2,
                  'section header says big-endian, blocks are little-endian'))
    idb = next(o for o, t, n in blocks if t == 1)
    cases.append(('pcapng-link-type-odd', ng[:idb + 8] + struct.pack('<H', 147) + ng[idb + 10:], total, 'unsupported link type 147', 0,
                  'interface of link type 147: every frame, undecoded'))
    os.makedirs(OUT, exist_ok=True)
    with open(os.path.join(OUT, 'MANIFEST.tsv'), 'w') as m:
        m.write('# file\tsource\tframes_before_damage\tmessage\texit\tdamage\n')
        for name, data, frames, msg, code, what in cases:
            ext = '.pcapng' if name.startswith('pcapng') else '.pcap'
            with open(os.path.join(OUT, name + ext), 'wb') as f:
                f.write(data)
            m.write(f'{name}{ext}\t{base}\t{"-" if frames is None else frames}\t{msg or "-"}\t{code}\t{what}\n')


if __name__ == '__main__':
    main(sys.argv[1] if len(sys.argv) > 1 else '../shared/captures/nak_remote_access_write.pcap')
