"""The records of a btmon capture (btsnoop, monitor format), for the suite's own readers of captures: btmon 5.66
crashes while decoding some of them."""
import struct

# Monitor opcodes (the low half of a record's flags).
COMMAND, EVENT, ACL_TX, ACL_RX, USER_LOGGING = 2, 3, 4, 5, 13
# Microseconds from year 0 (btsnoop's epoch) to 1970-01-01.
UNIX_EPOCH = 0x00E03AB44A676000 - 946684800 * 1000000


def records(path):
    """Yields (microseconds since 1970, monitor opcode, packet) for each record of the capture at path."""
    data = open(path, "rb").read()
    offset = 16
    while offset + 24 <= len(data):
        _, length, flags, _, timestamp = struct.unpack(">IIIIq", data[offset:offset + 24])
        yield timestamp - UNIX_EPOCH, flags & 0xFFFF, data[offset + 24:offset + 24 + length]
        offset += 24 + length


def l2cap(packet):
    """The channel and payload of an ACL packet that starts an L2CAP frame, else None."""
    if len(packet) < 8 or (packet[1] >> 4) & 0x3 == 0x1:
        return None
    return struct.unpack("<H", packet[6:8])[0], packet[8:]
