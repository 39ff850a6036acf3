#!/usr/bin/env python3
"""capture-timeline.py FILE: what a failed scenario's btmon capture (btsnoop, monitor format) holds, one line each,
with the time of the guest's clock: links made and lost, encryption, SMP and ATT PDUs (an Error Response with the
request, handle and error) and the lines bluetoothd logged (its debug lines too while they were on)."""
import struct
import sys
import time

from btsnoop import ACL_RX, ACL_TX, COMMAND, EVENT, USER_LOGGING, l2cap, records

ATT_CID, SMP_CID = 0x0004, 0x0006
ATT = {0x01: "Error Response", 0x02: "Exchange MTU Request", 0x03: "Exchange MTU Response",
       0x04: "Find Information Request", 0x05: "Find Information Response", 0x06: "Find By Type Value Request",
       0x07: "Find By Type Value Response", 0x08: "Read By Type Request", 0x09: "Read By Type Response",
       0x0A: "Read Request", 0x0B: "Read Response", 0x0C: "Read Blob Request", 0x0D: "Read Blob Response",
       0x10: "Read By Group Type Request", 0x11: "Read By Group Type Response", 0x12: "Write Request",
       0x13: "Write Response", 0x1B: "Handle Value Notification", 0x1D: "Handle Value Indication",
       0x1E: "Handle Value Confirmation", 0x52: "Write Command"}
SMP = {0x01: "Pairing Request", 0x02: "Pairing Response", 0x03: "Pairing Confirm", 0x04: "Pairing Random",
       0x05: "Pairing Failed", 0x06: "Encryption Information", 0x07: "Central Identification",
       0x08: "Identity Information", 0x09: "Identity Address Information", 0x0A: "Signing Information",
       0x0B: "Security Request", 0x0C: "Pairing Public Key", 0x0D: "Pairing DHKey Check"}
COMMANDS = {0x2019: "LE Start Encryption", 0x201A: "LE Long Term Key Request Reply",
            0x201B: "LE Long Term Key Request Negative Reply", 0x0406: "Disconnect"}
LE_EVENTS = {0x01: "LE Connection Complete", 0x05: "LE Long Term Key Request", 0x0A: "LE Enhanced Connection Complete"}


def describe(opcode, packet):
    """The line for one record, or None for records that explain nothing here."""
    if opcode == USER_LOGGING and len(packet) >= 2:
        ident_end = 2 + packet[1]
        return "%s: %s" % (packet[2:ident_end].rstrip(b"\0").decode(errors="replace"),
                           packet[ident_end:].rstrip(b"\0").decode(errors="replace"))
    if opcode == COMMAND and len(packet) >= 2:
        name = COMMANDS.get(struct.unpack("<H", packet[:2])[0])
        return name and "< HCI " + name
    if opcode == EVENT and len(packet) >= 3:
        if packet[0] == 0x05:
            return "> HCI Disconnection Complete, reason 0x%02x" % packet[-1]
        if packet[0] == 0x08:
            return "> HCI Encryption Change, status 0x%02x, encryption %d" % (packet[2], packet[-1])
        if packet[0] == 0x3E and packet[2] in LE_EVENTS:
            return "> HCI " + LE_EVENTS[packet[2]]
        return None
    if opcode not in (ACL_TX, ACL_RX) or not (frame := l2cap(packet)) or not frame[1]:
        return None
    direction = "<" if opcode == ACL_TX else ">"
    channel, payload = frame
    if channel == SMP_CID:
        return "%s SMP %s" % (direction, SMP.get(payload[0], "0x%02x" % payload[0]))
    if channel != ATT_CID:
        return None
    line = "%s ATT %s" % (direction, ATT.get(payload[0], "0x%02x" % payload[0]))
    if payload[0] == 0x01 and len(payload) >= 5:
        request, handle, error = struct.unpack("<BHB", payload[1:5])
        line += ": %s, handle 0x%04x, error 0x%02x" % (ATT.get(request, "0x%02x" % request), handle, error)
    elif payload[0] in (0x0A, 0x0C, 0x12, 0x52, 0x1B, 0x1D) and len(payload) >= 3:
        line += ", handle 0x%04x" % struct.unpack("<H", payload[1:3])
    return line


for microseconds, opcode, packet in records(sys.argv[1]):
    line = describe(opcode, packet)
    if line:
        seconds = microseconds / 1e6
        print("%s.%06d %s" % (time.strftime("%H:%M:%S", time.gmtime(seconds)), microseconds % 1000000, line))
