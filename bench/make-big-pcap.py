#!/usr/bin/env python3
"""Writes a large classic pcap by repeating the records of real captures with advancing timestamps.
Usage: make-big-pcap.py OUT FRAMES CAPTURE [CAPTURE ...]   (frames keep their bytes, so ICRCs stay good)"""
import struct, sys

def records(path):
    with open(path, 'rb') as f:
        hdr = f.read(24)
        magic = struct.unpack('<I', hdr[:4])[0]
        assert magic == 0xa1b2c3d4, 'little-endian microsecond pcap expected'
        out = []
        while True:
            rh = f.read(16)
            if len(rh) < 16:
                break
            sec, usec, incl, orig = struct.unpack('<IIII', rh)
            out.append((sec * 1_000_000 + usec, f.read(incl), orig))
        return hdr, out

out, frames, inputs = sys.argv[1], int(sys.argv[2]), sys.argv[3:]
recs, hdr = [], None
for p in inputs:
    hdr, r = records(p)
    recs.extend(r)
with open(out, 'wb') as f:
    f.write(hdr)
    t, n, base = 1_700_000_000_000_000, 0, recs[0][0]
    while n < frames:
        for ts, data, orig in recs:
            if n == frames:
                break
            t += 1
            f.write(struct.pack('<IIII', t // 1_000_000, t % 1_000_000, len(data), orig))
            f.write(data)
            n += 1
