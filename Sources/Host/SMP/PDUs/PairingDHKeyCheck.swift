import HCI

/// Carries a device's DHKey Check value (Ea or Eb), which proves it computed the same DHKey and MacKey.
///
/// Bluetooth Core Specification Vol 3, Part H, 3.5.7.
public struct PairingDHKeyCheck: WireCodable, Hashable {
    /// The check value computed with f6.
    public var checkValue: UInt128

    /// Wraps a check value.
    public init(checkValue: UInt128) {
        self.checkValue = checkValue
    }
}

extension PairingDHKeyCheck {
    public init(from reader: inout ByteReader) throws(DecodeError) {
        checkValue = try reader.read()
    }

    public func encode(into writer: inout ByteWriter) {
        writer.write(checkValue)
    }
}
