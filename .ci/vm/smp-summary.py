#!/usr/bin/env python3
"""smp-summary.py FILE: counts, in a btmon capture (btsnoop, monitor format), what proves pairing and
re-encryption: SMP Pairing Requests, Public Keys and Pairing Confirms (one in Just Works, twenty from each side in
Passkey Entry), LE Start Encryption commands (the adapter as central) and LE Long Term Key Request Replies (the
adapter as peripheral).

The suite reads the capture itself because btmon 5.66 crashes while decoding some of these logs."""
import sys

from btsnoop import ACL_RX, ACL_TX, COMMAND, l2cap, records

SMP_CID = 0x0006
counts = {"pairing requests": 0, "public keys": 0, "pairing confirms": 0, "start encryption commands": 0,
          "key request replies": 0}
for _, opcode, packet in records(sys.argv[1]):
    if opcode == COMMAND and packet[:2] == b"\x19\x20":
        counts["start encryption commands"] += 1
    elif opcode == COMMAND and packet[:2] == b"\x1a\x20":
        counts["key request replies"] += 1
    elif opcode in (ACL_TX, ACL_RX) and (frame := l2cap(packet)) and frame[0] == SMP_CID and frame[1]:
        if frame[1][0] == 0x01:
            counts["pairing requests"] += 1
        elif frame[1][0] == 0x03:
            counts["pairing confirms"] += 1
        elif frame[1][0] == 0x0C:
            counts["public keys"] += 1
print(" ".join(f"{value} {name}," for name, value in counts.items()).rstrip(","))
