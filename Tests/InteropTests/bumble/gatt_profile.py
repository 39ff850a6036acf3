"""The GATT database that gatt_server.py serves and gatt_client.py expects (not a CLI).

Any server or client standing in for one of them (our Swift stack) must match
these UUIDs, properties, descriptor texts and values:

  service 0xFFE0 (primary, included by 0xFFF0; registered first)
    0xFFE1  read                         value INCLUDED_VALUE, 0x2901 "Included"
  service 0xFFF0 (primary, includes 0xFFE0)
    0xFFF1  read                         300-byte LONG_VALUE (read long), 0x2901 "Long value"
    0xFFF2  read, write                  starts INITIAL_WRITABLE_VALUE; client writes WRITE_VALUE
    0xFFF3  read, write, extended props  0x2900 = 0x0001 (reliable write); client long-writes LONG_WRITE_VALUE
    0xFFF4  notify                       server notifies NOTIFY_VALUE once notifications are enabled
    0xFFF5  indicate                     server indicates INDICATE_VALUE once indications are enabled
  service 9F1C0000-4B6E-4A2E-9C1D-2F3B5A7C8E01 (primary, 128-bit)
    9F1C0001-4B6E-4A2E-9C1D-2F3B5A7C8E01  read  value UUID128_VALUE, 0x2901 "128-bit"

Every characteristic has a 0x2901 user description (DESCRIPTIONS); notify and
indicate characteristics also have a CCCD (0x2902).
"""

from __future__ import annotations

from bumble.core import UUID

SERVER_NAME = "InteropGATT"
SERVER_ADDRESS = "C0:DE:C0:FF:EE:01"
CLIENT_ADDRESS = "C0:DE:C0:FF:EE:02"

INCLUDED_SERVICE = UUID.from_16_bits(0xFFE0)
INCLUDED_CHARACTERISTIC = UUID.from_16_bits(0xFFE1)
PRIMARY_SERVICE = UUID.from_16_bits(0xFFF0)
LONG_READ_CHARACTERISTIC = UUID.from_16_bits(0xFFF1)
WRITABLE_CHARACTERISTIC = UUID.from_16_bits(0xFFF2)
RELIABLE_CHARACTERISTIC = UUID.from_16_bits(0xFFF3)
NOTIFY_CHARACTERISTIC = UUID.from_16_bits(0xFFF4)
INDICATE_CHARACTERISTIC = UUID.from_16_bits(0xFFF5)
UUID128_SERVICE = UUID("9F1C0000-4B6E-4A2E-9C1D-2F3B5A7C8E01")
UUID128_CHARACTERISTIC = UUID("9F1C0001-4B6E-4A2E-9C1D-2F3B5A7C8E01")

USER_DESCRIPTION = UUID.from_16_bits(0x2901)
EXTENDED_PROPERTIES = UUID.from_16_bits(0x2900)
CCCD = UUID.from_16_bits(0x2902)

INCLUDED_VALUE = b"included"
LONG_VALUE = bytes((index * 7 + 3) & 0xFF for index in range(300))
INITIAL_WRITABLE_VALUE = bytes.fromhex("00")
WRITE_VALUE = bytes.fromhex("0102030405")
INITIAL_RELIABLE_VALUE = bytes.fromhex("00")
LONG_WRITE_VALUE = bytes((index * 13 + 5) & 0xFF for index in range(100))
NOTIFY_VALUE = bytes.fromhex("11223344")
INDICATE_VALUE = bytes.fromhex("55667788")
UUID128_VALUE = b"wide"
RELIABLE_WRITE_BIT = bytes.fromhex("0100")

DESCRIPTIONS = {
    INCLUDED_CHARACTERISTIC: "Included",
    LONG_READ_CHARACTERISTIC: "Long value",
    WRITABLE_CHARACTERISTIC: "Writable",
    RELIABLE_CHARACTERISTIC: "Reliable write",
    NOTIFY_CHARACTERISTIC: "Notify",
    INDICATE_CHARACTERISTIC: "Indicate",
    UUID128_CHARACTERISTIC: "128-bit",
}
