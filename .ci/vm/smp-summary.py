#!/usr/bin/env python3
"""smp-summary.py FILE: counts, in a btmon capture (btsnoop, monitor format), what proves pairing and
re-encryption: SMP Pairing Requests, Public Keys and Pairing Confirms (one in Just Works, twenty from each side in
Passkey Entry), LE Start Encryption commands (the adapter as central) and LE Long Term Key Request Replies (the
adapter as peripheral).

The suite reads the capture itself because btmon 5.66 crashes while decoding some of these logs."""
import struct
import sys

COMMAND, EVENT, ACL_TX, ACL_RX = 2, 3, 4, 5
SMP_CID = 0x0006
counts = {"pairing requests": 0, "public keys": 0, "pairing confirms": 0, "start encryption commands": 0,
          "key request replies": 0}
data = open(sys.argv[1], "rb").read()
offset = 16
while offset + 24 <= len(data):
    _, length, flags, _, _ = struct.unpack(">IIIIq", data[offset:offset + 24])
    packet = data[offset + 24:offset + 24 + length]
    offset += 24 + length
    opcode = flags & 0xFFFF
    if opcode == COMMAND and packet[:2] == b"\x19\x20":
        counts["start encryption commands"] += 1
    elif opcode == COMMAND and packet[:2] == b"\x1a\x20":
        counts["key request replies"] += 1
    elif opcode in (ACL_TX, ACL_RX) and len(packet) >= 9:
        if struct.unpack("<H", packet[6:8])[0] == SMP_CID:
            if packet[8] == 0x01:
                counts["pairing requests"] += 1
            elif packet[8] == 0x03:
                counts["pairing confirms"] += 1
            elif packet[8] == 0x0C:
                counts["public keys"] += 1
print(" ".join(f"{value} {name}," for name, value in counts.items()).rstrip(","))
