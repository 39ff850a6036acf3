import HCI

/// Carries a device's confirm value, the commitment to its random value in the authentication phase.
///
/// Bluetooth Core Specification Vol 3, Part H, 3.5.3.
public struct PairingConfirm: WireCodable, Hashable {
    /// The confirm value: Mconfirm or Sconfirm in legacy pairing, Ca or Cb in Secure Connections.
    public var confirmValue: UInt128

    /// Wraps a confirm value.
    public init(confirmValue: UInt128) {
        self.confirmValue = confirmValue
    }
}

extension PairingConfirm {
    public init(from reader: inout ByteReader) throws(DecodeError) {
        confirmValue = try reader.read()
    }

    public func encode(into writer: inout ByteWriter) {
        writer.write(confirmValue)
    }
}
