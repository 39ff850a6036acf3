import HCI
import Host
import Testing

/// Helpers shared by the ATT tests.
enum ATTFixtures {
    /// Bytes from hex digits; spaces are ignored.
    static func bytes(_ hex: String) -> [UInt8] {
        let digits = Array(hex.filter { !$0.isWhitespace })
        precondition(digits.count % 2 == 0, "odd number of hex digits in \(hex)")
        return stride(from: 0, to: digits.count, by: 2).map { index in
            guard let byte = UInt8(String(digits[index...index + 1]), radix: 16) else {
                preconditionFailure("not hex: \(hex)")
            }
            return byte
        }
    }

    /// An attribute handle.
    static func handle(_ raw: UInt16) -> AttributeHandle {
        AttributeHandle(rawValue: raw)
    }

    /// The Nordic UART service UUID, a vendor 128-bit UUID, and its little-endian wire form.
    static let nordicUART = BluetoothUUID(uuid128: 0x6E40_0001_B5A3_F393_E0A9_E50E_24DC_CA9E)
    static let nordicUARTWire = "9E CA DC 24 0E E5 A9 E0 93 F3 A3 B5 01 00 40 6E"
}

/// One PDU written out by hand from the spec's field layout, with the PDU it must decode to.
struct ATTPDUVector: Sendable, CustomTestStringConvertible {
    /// What the vector shows.
    let name: String
    /// The whole PDU, opcode first.
    let bytes: [UInt8]
    /// What the bytes decode to.
    let pdu: ATTPDU
    /// The fewest bytes a PDU of this shape can have (the spec's minimum for the fixed fields).
    let minimumLength: Int

    init(_ name: String, _ hex: String, _ pdu: ATTPDU, minimumLength: Int) {
        self.name = name
        self.bytes = ATTFixtures.bytes(hex)
        self.pdu = pdu
        self.minimumLength = minimumLength
    }

    var testDescription: String { name }
}
