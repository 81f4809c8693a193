#!/usr/bin/env python3
"""Expand a Perfetto trace's `compressed_packets` containers in place (what trace_processor does on import), so
readers that do not inflate them see the packets.

usage: expand_pftrace.py IN.pftrace OUT.pftrace

A container is a top-level `Trace.packet` whose TracePacket holds field 50 (`compressed_packets`, trace_packet.proto):
a zlib (or gzip) stream of `Trace.packet` records. Every other packet is copied unchanged. Streams one packet at a
time, so memory stays bounded by the largest container.
"""
import sys
import zlib


def varint(buf, i):
    v = shift = 0
    while True:
        b = buf[i]
        i += 1
        v |= (b & 0x7F) << shift
        shift += 7
        if b < 0x80:
            return v, i


def packets(f):
    """Yield (raw record bytes, packet body) for each top-level Trace.packet of file object f."""
    while True:
        head = f.read(1)
        if not head:
            return
        if head[0] != 0x0A:
            raise ValueError(f'offset {f.tell() - 1}: expected Trace.packet tag 0x0A, got {head[0]:#x}')
        ln = shift = 0
        raw = bytearray(head)
        while True:
            b = f.read(1)
            if not b:
                raise ValueError('truncated packet length')
            raw += b
            ln |= (b[0] & 0x7F) << shift
            shift += 7
            if b[0] < 0x80:
                break
        body = f.read(ln)
        if len(body) != ln:
            raise ValueError('truncated packet')
        yield bytes(raw) + body, body


def compressed_payload(body):
    """The bytes of field 50 if the packet is a compressed_packets container, else None."""
    i = 0
    found = None
    while i < len(body):
        key, i = varint(body, i)
        field, wire = key >> 3, key & 7
        if wire == 0:
            _, i = varint(body, i)
        elif wire == 1:
            i += 8
        elif wire == 5:
            i += 4
        elif wire == 2:
            n, i = varint(body, i)
            if field == 50:
                found = body[i:i + n]
            i += n
        else:
            raise ValueError(f'unsupported wire type {wire}')
    return found


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    containers = inner = 0
    with open(sys.argv[1], 'rb') as src, open(sys.argv[2], 'wb') as dst:
        for raw, body in packets(src):
            payload = compressed_payload(body)
            if payload is None:
                dst.write(raw)
                continue
            containers += 1
            data = zlib.decompress(payload, 47)  # 32 + 15: zlib or gzip header, as trace_processor accepts
            inner += len(data)
            dst.write(data)
    print(f'expanded {containers} compressed_packets containers into {inner} bytes of packets')


if __name__ == '__main__':
    main()
