#!/usr/bin/env python3
"""Expand a Perfetto trace's `compressed_packets` containers in place (what trace_processor does on import), so
readers that do not inflate them see the packets.

usage: expand_pftrace.py [--standard] IN.pftrace OUT.pftrace

A container is a top-level `Trace.packet` whose TracePacket holds field 50 (`compressed_packets`, trace_packet.proto):
a zlib (or gzip) stream of `Trace.packet` records. Every other packet is copied unchanged. Streams one packet at a
time, so memory stays bounded by the largest container.

--standard also writes the compact layout (wavescope's default for `run --trace`) in the standard one, applying
what trace_processor's TrackEvent import does with its fields (track_event.proto, trace_packet_defaults.proto):
a track event without `track_uuid` is on its sequence's `TrackEventDefaults.track_uuid`; `extra_counter_values[i]`
is a counter value at the event's timestamp on `extra_counter_track_uuids[i]` (the event's, else the defaults');
`flow_ids_old` / `terminating_flow_ids_old` are flow ids as `flow_ids` / `terminating_flow_ids`. A counter value
equal to its track's previous one is dropped (the same step function; the standard layout writes changes only).
Readers that apply none of these rules (validate_pftrace.py) then read the trace trace_processor reads. Needs the
`perfetto` Python package (its protos) and `protobuf`; packets are re-serialized, so bytes may differ in field
order from what wavescope writes in the standard layout.
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


def split(data):
    """Yield the `Trace.packet` records of a byte string."""
    import io
    for raw, _ in packets(io.BytesIO(data)):
        yield raw


class Standard:
    """The compact layout rewritten in the standard one (see the module docs)."""

    def __init__(self):
        from perfetto.protos.perfetto.trace import perfetto_trace_pb2 as pb
        self.pb = pb
        self.defaults = {}  # sequence id -> (track uuid or None, extra counter track uuids)
        self.last = {}  # counter track uuid -> last value written
        self.values = 0

    @staticmethod
    def frame(body):
        n, head = len(body), bytearray([0x0A])
        while n >= 0x80:
            head.append(n & 0x7F | 0x80)
            n >>= 7
        head.append(n)
        return bytes(head) + body

    def rewrite(self, raw):
        pb = self.pb
        i = 1
        while raw[i] & 0x80:
            i += 1
        p = pb.TracePacket()
        p.ParseFromString(raw[i + 1:])
        seq = p.trusted_packet_sequence_id
        if p.HasField('trace_packet_defaults') and p.trace_packet_defaults.HasField('track_event_defaults'):
            d = p.trace_packet_defaults.track_event_defaults
            self.defaults[seq] = (d.track_uuid if d.HasField('track_uuid') else None,
                                  list(d.extra_counter_track_uuids))
        if not p.HasField('track_event'):
            return raw
        e = p.track_event
        track, extra = self.defaults.get(seq, (None, []))
        plain = (e.HasField('track_uuid') or track is None) and not e.flow_ids_old \
            and not e.terminating_flow_ids_old and not e.extra_counter_values
        if plain:
            return raw
        if not e.HasField('track_uuid') and track is not None:
            e.track_uuid = track
        e.flow_ids.extend(e.flow_ids_old)
        del e.flow_ids_old[:]
        e.terminating_flow_ids.extend(e.terminating_flow_ids_old)
        del e.terminating_flow_ids_old[:]
        uuids = list(e.extra_counter_track_uuids) or extra
        values = list(e.extra_counter_values)
        del e.extra_counter_values[:]
        del e.extra_counter_track_uuids[:]
        out = [self.frame(p.SerializeToString())]
        for uuid, v in zip(uuids, values):
            if self.last.get(uuid) == v:
                continue
            self.last[uuid] = v
            c = pb.TracePacket()
            c.trusted_packet_sequence_id = seq
            if p.HasField('timestamp_clock_id'):
                c.timestamp = p.timestamp
                c.timestamp_clock_id = p.timestamp_clock_id
            else:
                c.timestamp = 0  # a delta on the sequence's incremental clock: the event's time
            c.track_event.type = pb.TrackEvent.TYPE_COUNTER
            c.track_event.track_uuid = uuid
            c.track_event.counter_value = v
            out.append(self.frame(c.SerializeToString()))
            self.values += 1
        return b''.join(out)


def main():
    args = sys.argv[1:]
    standard = '--standard' in args
    args = [a for a in args if a != '--standard']
    if len(args) != 2:
        sys.exit(__doc__)
    std = Standard() if standard else None
    containers = inner = 0
    with open(args[0], 'rb') as src, open(args[1], 'wb') as dst:
        for raw, body in packets(src):
            payload = compressed_payload(body)
            if payload is None:
                dst.write(std.rewrite(raw) if std else raw)
                continue
            containers += 1
            data = zlib.decompress(payload, 47)  # 32 + 15: zlib or gzip header, as trace_processor accepts
            inner += len(data)
            if std:
                data = b''.join(std.rewrite(r) for r in split(data))
            dst.write(data)
    print(f'expanded {containers} compressed_packets containers into {inner} bytes of packets')
    if std:
        print(f'wrote the compact layout in the standard one ({std.values} counter values as packets)')


if __name__ == '__main__':
    main()
