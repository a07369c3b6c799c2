#!/usr/bin/env python3
"""Writes the shared test vectors of PROTOCOL.md.

This is a third, deliberately plain implementation of the framing (neither the C++ core nor the
TypeScript codec), so the vectors are not just one implementation agreeing with itself. CRC and COBS
are also anchored on published values (the CRC check value, the classic COBS examples).
Run: python3 firmware-bridge/vectors/generate.py   (rewrites the *.json next to this file)
"""
import json
import os
import struct

HERE = os.path.dirname(os.path.abspath(__file__))
TYPES = {
    "HELLO": 0x01, "HEARTBEAT": 0x02, "SNAPSHOT": 0x03, "TAG_ARRIVED": 0x04, "TAG_DEPARTED": 0x05,
    "READER_FAULT": 0x06, "ACK": 0x81, "RESEND_FROM": 0x82, "PING": 0x83, "SET_CONFIG": 0x84, "SYNC": 0x85, "FOCUS": 0x86,
}


def crc16(data: bytes) -> int:
    crc = 0xFFFF
    for b in data:
        crc ^= b << 8
        for _ in range(8):
            crc = ((crc << 1) ^ 0x1021) & 0xFFFF if crc & 0x8000 else (crc << 1) & 0xFFFF
    return crc


def cobs(data: bytes) -> bytes:
    out, block = bytearray(), bytearray()
    for b in data:
        if b == 0:
            out += bytes([len(block) + 1]) + block
            block = bytearray()
        else:
            block.append(b)
            if len(block) == 254:
                out += b"\xff" + block
                block = bytearray()
    out += bytes([len(block) + 1]) + block
    return bytes(out)


VERSION = 2  # protocol version 2 added FOCUS


def raw_frame(type_name: str, seq: int, body: bytes, version: int = VERSION) -> bytes:
    head = bytes([version, TYPES[type_name]]) + struct.pack(">H", seq) + body
    return head + struct.pack(">H", crc16(head))


def wire(raw: bytes) -> bytes:
    return b"\x00" + cobs(raw) + b"\x00"


def uids(tags):
    return b"".join(bytes.fromhex(t) for t in tags)


def body_for(type_name: str, m: dict) -> bytes:
    if type_name == "HELLO":
        return (bytes([m["fwMajor"], m["fwMinor"], m["fwPatch"]]) + bytes.fromhex(m["boardId"])
                + struct.pack(">IBBHBBB", m["bootCounter"], m["channels"], m["k"], m["heartbeatMs"],
                              m["maxTags"], m["window"], m["reason"]))
    if type_name == "HEARTBEAT":
        return struct.pack(">IHBH", m["uptimeMs"], m["hostSeq"], m["k"], m["heartbeatMs"])
    if type_name == "SNAPSHOT":
        return bytes([m["channel"], m["status"], len(m["tags"])]) + uids(m["tags"])
    if type_name in ("TAG_ARRIVED", "TAG_DEPARTED"):
        return bytes([m["channel"], len(m["tags"])]) + uids(m["tags"])
    if type_name == "READER_FAULT":
        return bytes([m["channel"], 1 if m["active"] else 0, m["code"]])
    if type_name == "ACK":
        return struct.pack(">H", m["ackSeq"])
    if type_name == "RESEND_FROM":
        return struct.pack(">H", m["fromSeq"])
    if type_name == "SET_CONFIG":
        return struct.pack(">BH", m["k"], m["heartbeatMs"])
    if type_name == "FOCUS":
        return bytes([len(m["channels"])] + m["channels"])
    return b""


def tag(i: int) -> str:
    return "E0040150%08X" % i


def frame_case(name, direction, type_name, seq, message):
    body = body_for(type_name, message)
    raw = raw_frame(type_name, seq, body)
    return {"name": name, "direction": direction, "wire": wire(raw).hex(), "version": VERSION, "type": type_name,
            "seq": seq, "body": body.hex(), "message": message}


def frames():
    hello = {"fwMajor": 1, "fwMinor": 2, "fwPatch": 3, "boardId": "E66038B7134F2A2C", "bootCounter": 7,
             "channels": 8, "k": 3, "heartbeatMs": 250, "maxTags": 48, "window": 32, "reason": 0}
    zero_hello = dict(hello, boardId="0000000000000000", bootCounter=0, reason=2)
    return [
        frame_case("hello at power-on", "device", "HELLO", 0, hello),
        frame_case("hello with zero bytes everywhere (COBS stuffing)", "device", "HELLO", 0, zero_hello),
        frame_case("heartbeat", "device", "HEARTBEAT", 12,
                   {"uptimeMs": 123456, "hostSeq": 3, "k": 3, "heartbeatMs": 250}),
        frame_case("empty snapshot", "device", "SNAPSHOT", 1, {"channel": 0, "status": 0, "tags": []}),
        frame_case("snapshot of two cards", "device", "SNAPSHOT", 2,
                   {"channel": 5, "status": 0, "tags": [tag(1), tag(2)]}),
        frame_case("snapshot of a faulted reader", "device", "SNAPSHOT", 3,
                   {"channel": 7, "status": 1, "tags": [tag(9)]}),
        frame_case("full snapshot (48 chips, longer than one COBS block)", "device", "SNAPSHOT", 4,
                   {"channel": 31, "status": 0, "tags": [tag(0x100 + i) for i in range(48)]}),
        frame_case("tag arrived", "device", "TAG_ARRIVED", 5, {"channel": 2, "tags": [tag(3)]}),
        frame_case("stack of chips arrived in one scan", "device", "TAG_ARRIVED", 6,
                   {"channel": 3, "tags": [tag(0x500 + i) for i in range(5)]}),
        frame_case("tag departed", "device", "TAG_DEPARTED", 7, {"channel": 2, "tags": [tag(3)]}),
        frame_case("sequence number at wrap-around", "device", "TAG_ARRIVED", 0xFFFF,
                   {"channel": 1, "tags": [tag(4)]}),
        frame_case("sequence number after wrap-around", "device", "TAG_DEPARTED", 0,
                   {"channel": 1, "tags": [tag(4)]}),
        frame_case("reader fault", "device", "READER_FAULT", 8, {"channel": 4, "active": True, "code": 1}),
        frame_case("reader fault cleared", "device", "READER_FAULT", 9, {"channel": 4, "active": False, "code": 1}),
        frame_case("ack", "host", "ACK", 1, {"ackSeq": 9}),
        frame_case("ack across wrap-around", "host", "ACK", 0xFFFF, {"ackSeq": 0xFFFF}),
        frame_case("resend from", "host", "RESEND_FROM", 2, {"fromSeq": 6}),
        frame_case("ping", "host", "PING", 3, {}),
        frame_case("set config", "host", "SET_CONFIG", 4, {"k": 5, "heartbeatMs": 500}),
        frame_case("set config keeping K", "host", "SET_CONFIG", 5, {"k": 0, "heartbeatMs": 1000}),
        frame_case("sync", "host", "SYNC", 6, {}),
        frame_case("focus: the seat to be dealt, then the burn", "host", "FOCUS", 7, {"channels": [3, 21]}),
        frame_case("focus cleared", "host", "FOCUS", 8, {"channels": []}),
    ]


def invalid():
    ok = raw_frame("TAG_ARRIVED", 5, body_for("TAG_ARRIVED", {"channel": 2, "tags": [tag(3)]}))
    bad_crc = bytearray(ok)
    bad_crc[-1] ^= 0x01
    flipped = bytearray(ok)
    flipped[6] ^= 0x40
    enc = bytearray(cobs(ok))
    enc[0] = 0x30  # the first code byte points past the end of the frame
    cases = [
        ("crc: last byte flipped", "00" + cobs(bytes(bad_crc)).hex() + "00", "crc"),
        ("crc: a body bit flipped", "00" + cobs(bytes(flipped)).hex() + "00", "crc"),
        ("cobs: code byte runs past the end", "00" + bytes(enc).hex() + "00", "cobs"),
        ("short: five bytes", wire(b"\x01\x02\x00\x01\x00").hex(), "short"),
        ("short: a lone code byte", "000100", "short"),
        ("version 1", wire(raw_frame("PING", 1, b"", version=1)).hex(), "version"),
        ("oversize: 409 non-zero bytes without delimiter", "00" + "11" * 409 + "00", "oversize"),
        ("body: snapshot count says 2, one uid follows",
         wire(raw_frame("SNAPSHOT", 1, bytes([0, 0, 2]) + uids([tag(1)]))).hex(), "body"),
        ("body: tag arrived with count 0", wire(raw_frame("TAG_ARRIVED", 1, bytes([0, 0]))).hex(), "body"),
        ("body: 49 tags", wire(raw_frame("TAG_ARRIVED", 1, bytes([0, 49]) + uids([tag(i) for i in range(49)]))).hex(),
         "body"),
        ("body: channel 32", wire(raw_frame("TAG_ARRIVED", 1, bytes([32, 1]) + uids([tag(1)]))).hex(), "body"),
        ("body: ack with one byte", wire(raw_frame("ACK", 1, b"\x09")).hex(), "body"),
        ("body: heartbeat too long", wire(raw_frame("HEARTBEAT", 1, bytes(10))).hex(), "body"),
        ("body: ping with a body", wire(raw_frame("PING", 1, b"\x01")).hex(), "body"),
        ("body: reader fault active = 2", wire(raw_frame("READER_FAULT", 1, bytes([0, 2, 1]))).hex(), "body"),
        ("body: focus on nine channels", wire(raw_frame("FOCUS", 1, bytes([9] + list(range(9))))).hex(), "body"),
        ("body: focus names a channel twice", wire(raw_frame("FOCUS", 1, bytes([2, 3, 3]))).hex(), "body"),
        ("body: focus count says 2, one channel follows", wire(raw_frame("FOCUS", 1, bytes([2, 3]))).hex(), "body"),
        ("type: unknown 0x7e", wire(b"\x02\x7e\x00\x01" + struct.pack(">H", crc16(b"\x02\x7e\x00\x01"))).hex(),
         "type"),
    ]
    return [{"name": n, "wire": w, "error": e} for n, w, e in cases]


def uncobs(enc: bytes):
    out, i = bytearray(), 0
    while i < len(enc):
        code = enc[i]
        if code == 0 or i + code > len(enc):
            return None
        out += enc[i + 1:i + code]
        i += code
        if code != 0xFF and i < len(enc):
            out.append(0)
    return bytes(out)


def scan(stream: bytes):
    """Splits a byte stream like a receiver does and classifies each segment."""
    frames, rejected, seg, dropping = [], dict.fromkeys(["crc", "cobs", "short", "version", "oversize"], 0), b"", False
    for b in stream:
        if b != 0:
            if dropping:
                continue
            seg += bytes([b])
            if len(seg) > 408:
                rejected["oversize"] += 1
                seg, dropping = b"", True
            continue
        if seg:
            raw = uncobs(seg)
            if raw is None:
                rejected["cobs"] += 1
            elif len(raw) < 6:
                rejected["short"] += 1
            elif crc16(raw[:-2]) != struct.unpack(">H", raw[-2:])[0]:
                rejected["crc"] += 1
            elif raw[0] != VERSION:
                rejected["version"] += 1
            else:
                name = next((k for k, v in TYPES.items() if v == raw[1]), "0x%02x" % raw[1])
                frames.append([name, struct.unpack(">H", raw[2:4])[0]])
        seg, dropping = b"", False
    return frames, rejected


def stream_case(name, stream: bytes):
    got, rejected = scan(stream)
    return {"name": name, "stream": stream.hex(), "frames": got, "rejected": rejected}


def streams():
    f = {c["name"]: bytes.fromhex(c["wire"]) for c in frames()}
    hb, arr, dep = f["heartbeat"], f["tag arrived"], f["tag departed"]
    bad = bytes.fromhex(invalid()[0]["wire"])
    return [
        stream_case("garbage without zeros before a frame", b"\xde\xad\xbe\xef" + arr),
        stream_case("two frames back to back and a corrupt one between", arr + bad + dep + hb),
        stream_case("a frame cut short by a zero, then a good one", arr[:9] + b"\x00" + hb),
        stream_case("oversize run then a frame", b"\x22" * 500 + arr),
        stream_case("a zero-free run of 300 bytes then two frames", bytes(range(1, 151)) * 2 + hb + arr),
    ]


def main():
    crc_cases = [
        {"name": "check value", "data": b"123456789".hex(), "crc": "29b1"},
        {"name": "empty", "data": "", "crc": "ffff"},
        {"name": "one zero byte", "data": "00", "crc": "%04x" % crc16(b"\x00")},
        {"name": "0xff x 4", "data": "ffffffff", "crc": "%04x" % crc16(b"\xff" * 4)},
        {"name": "ping header", "data": "01830003", "crc": "%04x" % crc16(bytes.fromhex("01830003"))},
    ]
    assert crc16(b"123456789") == 0x29B1
    classic = [
        ("one zero", "00", "0101"), ("two zeros", "0000", "010101"), ("zero in the middle", "11220033", "0311220233"),
        ("no zero", "11223344", "0511223344"), ("trailing zeros", "11000000", "0211010101"),
        ("254 non-zero bytes", bytes(range(1, 255)).hex(), "ff" + bytes(range(1, 255)).hex() + "01"),
        ("255 bytes starting with zero", bytes(range(0, 255)).hex(), "01ff" + bytes(range(1, 255)).hex() + "01"),
        ("255 non-zero bytes", (bytes(range(1, 256))).hex(), "ff" + bytes(range(1, 255)).hex() + "02ff"),
    ]
    for _, d, e in classic:
        assert cobs(bytes.fromhex(d)).hex() == e, (d, e)
    cobs_cases = [{"name": n, "decoded": d, "encoded": e} for n, d, e in classic]
    out = {
        "crc16.json": {"algorithm": "CRC-16/CCITT-FALSE", "cases": crc_cases},
        "cobs.json": {"note": "encoded without the 0x00 delimiters", "cases": cobs_cases},
        "frames.json": {"note": "wire = 00 | COBS(frame) | 00; message = decoded body", "cases": frames()},
        "invalid.json": {"note": "error: crc | cobs | short | version | oversize | body | type", "cases": invalid()},
        "streams.json": {"note": "a byte stream; frames = [type, seq] decoded in order; rejected = counters",
                         "cases": streams()},
    }
    for name, doc in out.items():
        with open(os.path.join(HERE, name), "w") as fh:
            json.dump(doc, fh, indent=1)
            fh.write("\n")


if __name__ == "__main__":
    main()
