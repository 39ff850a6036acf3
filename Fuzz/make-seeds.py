#!/usr/bin/env python3
"""Writes the seed corpora in Fuzz/Corpus/TARGET from the spec byte forms the tests use.

Run from the repository root after changing a seed; the files are committed. Hex strings of the ATT and SMP
vectors are read from the test sources so the seeds follow them.
"""
import json
import pathlib
import re
import shutil

root = pathlib.Path(__file__).resolve().parent.parent
corpus = root / "Fuzz" / "Corpus"


def octets(text):
    return bytes.fromhex(text.replace(" ", ""))


def frame(payload):
    return bytes([len(payload)]) + payload


def vectors(path):
    """The hex strings of one test vector file: quoted runs of hex pairs."""
    source = (root / path).read_text()
    sixteen = "00 11 22 33 44 55 66 77 88 99 AA BB CC DD EE FF"
    source = source.replace('" + sixteen', sixteen + '"')
    found = re.findall(r'"((?:[0-9A-Fa-f]{2,4} ?)+)"', source)
    return [octets(text) for text in found if len(text.replace(" ", "")) % 2 == 0]


att = vectors("Tests/HostTests/ATT/ATTPDUVectors.swift")
smp = vectors("Tests/HostTests/SMP/SMPPDUVectors.swift")
events = [
    octets("0E 04 01 03 0C 00"),  # Command Complete, Reset
    octets("0F 04 00 01 0D 20"),  # Command Status, LE Create Connection
    octets("05 04 00 40 00 13"),  # Disconnection Complete, remote user terminated
    octets("13 05 01 40 00 02 00"),  # Number Of Completed Packets
    octets("08 04 00 40 00 01"),  # Encryption Change
    octets("3E 13 01 00 40 00 00 00 CE BF 37 37 12 56 18 00 00 00 C8 00 00"),  # LE Connection Complete
    octets("3E 0C 02 01 00 00 CE BF 37 37 12 56 03 02 01 06 C5"),  # LE Advertising Report
    octets("3E 0D 05 40 00 01 02 03 04 05 06 07 08 34 12"),  # LE Long Term Key Request
    octets("3E 0B 07 40 00 FB 00 48 08 FB 00 48 08"),  # LE Data Length Change
]
advertising = [
    octets("02 01 06 03 03 0D 18 09 09 48 65 61 72 74 52 61 74 65"),
    octets("02 01 06 11 07 B3 53 EE 62 5C 8C DF 98 61 4D 6D 92 01 00 B4 A0"),
    octets("05 FF 4C 00 02 15 05 16 0F 18 64 02 0A 08 03 19 41 03"),
    octets("03 14 0D 18 05 12 06 00 0C 00"),
]
signaling = [
    octets("12 01 08 00 10 00 20 00 00 00 F4 01"),  # Connection Parameter Update Request
    octets("14 02 0A 00 80 00 40 00 00 04 F7 00 0A 00"),  # LE Credit Based Connection Request
    octets("15 01 0A 00 41 00 00 04 F7 00 0A 00 00 00"),  # LE Credit Based Connection Response
    octets("16 03 04 00 41 00 05 00"),  # Flow Control Credit Indication
    octets("06 04 04 00 40 00 41 00"),  # Disconnection Request
    octets("01 05 02 00 00 00"),  # Command Reject
]
thermometer = {
    "name": "Thermometer",
    "advertise": {"services": ["1809"], "manufacturerData": "ffff0102"},
    "services": [
        {"uuid": "180F", "primary": False,
         "characteristics": [{"uuid": "2A19", "properties": ["read"], "permissions": ["readable"], "value": "55"}]},
        {"uuid": "1809", "primary": True, "includes": ["180f"],
         "characteristics": [
             {"uuid": "2A1C", "properties": ["indicate"], "permissions": ["readable"],
              "notify": {"intervalMs": 1000, "values": ["00e8030000", "text:hi"]}},
             {"uuid": "2A21", "properties": ["read", "write"], "permissions": ["readable", "writeable"],
              "descriptors": [{"uuid": "2901", "value": "text:interval"}]}]},
    ],
}
world = {"peripherals": [
    {"gatt": "battery.json", "position": {"x": 1, "y": 2.5}, "advertisingIntervalMs": 200},
    {"gatt": {"name": "Inline"}, "rssi": -60},
    {"gatt": {}},
]}
bond_file = {"version": 1, "adapter": "9A:78:56:34:12:C0", "bonds": [{
    "address": "EE:DD:CC:BB:AA:D0", "addressType": "random", "irk": "00112233445566778899aabbccddeeff",
    "ltk": {"key": "0123456789abcdef0123456789abcdef", "ediv": 4660, "rand": "0102030405060708"},
    "keySize": 16, "authenticated": True, "secureConnections": True, "signCounter": 3,
    "local": {"irk": "ffeeddccbbaa99887766554433221100", "identityAddress": "9A:78:56:34:12:C0",
              "identityAddressType": "public", "csrk": "000102030405060708090a0b0c0d0e0f"},
    "gattServer": "AQI=", "application": "e30="}]}
peripheral_state = {"services": [
    {"uuid": "180F", "isPrimary": False, "includes": [],
     "characteristics": [{"uuid": "2A19", "properties": 18, "permissions": 1, "value": "ZA==", "descriptors": []}]},
    {"uuid": "A0B40001-926D-4D61-98DF-8C5C62EE53B3", "isPrimary": True, "includes": [0],
     "characteristics": [{"uuid": "A0B40002-926D-4D61-98DF-8C5C62EE53B3", "properties": 58, "permissions": 3,
                          "descriptors": [{"uuid": "2901", "value": {"text": {"_0": "Echo"}}}]}]}],
    "advertisement": {"localName": "Fuzz", "serviceUUIDs": ["180F"]}}
central_state = {"scanServices": ["180D", "A0B40001-926D-4D61-98DF-8C5C62EE53B3"], "allowsDuplicates": False,
                 "solicitedServices": ["1809"], "peripherals": ["00000000-0000-0000-0000-C012345678AB"]}

seeds = {
    "h4": [bytes([4]) + b"\x04" + e for e in events] + [bytes([1]) + octets("02 40 20 07 00 03 00 04 00 0A 03 00")],
    "hci-event": events,
    "l2cap-reassembly": [
        bytes([0]) + bytes([2]) + frame(octets("07 00 04 00 0A 03 00")[:4]) + bytes([1]) + frame(octets("0A 03 00")),
        bytes([0]) + bytes([0]) + frame(octets("0C 00 05 00") + signaling[0]),
        bytes([4]) + bytes([2]) + frame(octets("0B 00 06 00") + smp[0]),
    ],
    "l2cap-signaling": [bytes([r]) + bytes([0]) + frame(s) for r in (0, 1) for s in signaling]
    + [bytes([1, 0]) + frame(signaling[2]) + bytes([0]) + frame(signaling[3]) + bytes([1]) + frame(octets("03 00 01 02 03"))],
    "att-pdu": att,
    "gatt-server": [bytes([0]) + b"".join(bytes([c]) + frame(pdu) + bytes([1]) for c, pdu in enumerate(att[i:i + 4]))
                    for i in range(0, len(att), 4)],
    "gatt-client": [bytes([p, 0]) + b"".join(frame(pdu) for pdu in att) for p in range(12)],
    "gatt-exploration": [bytes([0]) + b"".join(bytes([0]) + frame(pdu) for pdu in att),
                         bytes([0]) + b"".join(bytes([0]) + frame(pdu) for pdu in att[:3])
                         + bytes([0x5C, 1, 0, 0xFF, 0xFF]) + b"".join(bytes([0]) + frame(pdu) for pdu in att)],
    "smp-pdu": smp,
    "pairing-initiator": [bytes([o, 9, 0x80]) + b"".join(bytes([0]) + frame(pdu) for pdu in smp)
                          for o in (0x2B, 0x0B, 0x39, 0x3C)],
    "pairing-responder": [bytes([o, 9]) + b"".join(bytes([0]) + frame(pdu) for pdu in smp)
                          for o in (0x2B, 0x0B, 0x39, 0xBC)],
    "advertising-data": advertising,
    "gatt-file": [json.dumps(thermometer).encode()],
    "world-file": [json.dumps(world).encode()],
    "bond-file": [json.dumps(bond_file, indent=2).encode()],
    "restoration": [b"\x00" + json.dumps(peripheral_state).encode(), b"\x01" + json.dumps(central_state).encode()],
}

shutil.rmtree(corpus, ignore_errors=True)
for target, inputs in seeds.items():
    directory = corpus / target
    directory.mkdir(parents=True)
    for number, data in enumerate(inputs):
        (directory / f"seed-{number:02d}").write_bytes(data)
    print(f"{target}: {len(inputs)} seeds")
