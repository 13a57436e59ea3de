#!/usr/bin/env python3
"""Re-encapsulates the untagged IPv4, IPv6 and ARP frames of Ethernet pcaps as IP over InfiniBand, pcap link
type 242 (DLT_IPOIB), independently of RoCEscope: a test capture for the IPoIB decoder made of real packets.

Each frame's Ethernet header is replaced by the 44 bytes Wireshark's packet-ipoib.c reads for link type 242:
a 40-byte pseudo-header, then the 4-byte IPoIB header (the EtherType, two zero bytes, RFC 4391 section 6).
The pseudo-header alternates between its two forms: the destination address (first 20 bytes zero, then the
QPN, 0xFFFFFF for a broadcast, and a link-local GID made from the destination MAC) and a GRH (IP version 6,
traffic class and flow label of the frame number, the source QPN, link-local source and destination GIDs).
Ethernet padding is dropped (IPv4 to its total length, IPv6 to its payload length, ARP to 28 bytes).

  scripts/ipoib-from-ethernet.py OUT.pcap MAX_FRAMES IN.pcap [IN.pcap ...]
"""
import struct
import sys


def records(path):
    data = open(path, 'rb').read()
    magic = data[:4]
    order = {b'\xd4\xc3\xb2\xa1': '<', b'\x4d\x3c\xb2\xa1': '<', b'\xa1\xb2\xc3\xd4': '>', b'\xa1\xb2\x3c\x4d': '>'}[magic]
    nanos = magic in (b'\x4d\x3c\xb2\xa1', b'\xa1\xb2\x3c\x4d')
    linktype = struct.unpack(order + 'I', data[20:24])[0]
    if linktype != 1:
        sys.exit(f'{path}: link type {linktype}, not Ethernet')
    off = 24
    while off + 16 <= len(data):
        sec, frac, incl, orig = struct.unpack(order + 'IIII', data[off:off + 16])
        yield sec, frac * 1000 if not nanos else frac, data[off + 16:off + 16 + incl], orig
        off += 16 + incl


def gid(mac):
    """fe80::/64 with the modified EUI-64 of a MAC, as a stand-in port GID."""
    eui = bytes([mac[0] ^ 2]) + mac[1:3] + b'\xff\xfe' + mac[3:6]
    return b'\xfe\x80' + b'\x00' * 6 + eui


def ipoib(n, frame):
    if len(frame) < 14:
        return None
    dst, src, etype = frame[0:6], frame[6:12], struct.unpack('>H', frame[12:14])[0]
    payload = frame[14:]
    if etype == 0x0800 and len(payload) >= 20:
        payload = payload[:struct.unpack('>H', payload[2:4])[0]]
    elif etype == 0x86dd and len(payload) >= 40:
        payload = payload[:40 + struct.unpack('>H', payload[4:6])[0]]
    elif etype == 0x0806 and len(payload) >= 28:
        payload = payload[:28]
    else:
        return None
    broadcast = dst == b'\xff' * 6
    if n % 2:   # destination address form
        qpn = 0xFFFFFF if broadcast else 0x000048 + (dst[5] & 0x0F)
        pseudo = b'\x00' * 20 + struct.pack('>I', qpn) + gid(dst)
    else:       # GRH form
        word = (6 << 28) | ((n & 0xFF) << 20) | (n & 0xFFFFF)
        pseudo = struct.pack('>II', word, 0x000048 + (src[5] & 0x0F)) + gid(src) + gid(dst)
    return pseudo + struct.pack('>HH', etype, 0) + payload


def main():
    out, limit, inputs = sys.argv[1], int(sys.argv[2]), sys.argv[3:]
    body = bytearray(struct.pack('<IHHiIII', 0xa1b23c4d, 2, 4, 0, 0, 65535, 242))   # nanosecond pcap, DLT_IPOIB
    n = 0
    for path in inputs:
        kept = 0
        for sec, nanos, frame, orig in records(path):
            if kept == limit:
                break
            pkt = ipoib(n, frame)
            if pkt is None:
                continue
            cut = len(frame) < orig   # a frame the snaplen cut keeps its wire length
            body += struct.pack('<IIII', sec, nanos, len(pkt), orig - 14 + 44 if cut else len(pkt)) + pkt
            n += 1
            kept += 1
    open(out, 'wb').write(body)
    print(f'{out}: {n} frames')


main()
