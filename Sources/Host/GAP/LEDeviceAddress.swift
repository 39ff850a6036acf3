import HCI

/// The LE Bluetooth Device Address data type: the advertiser's own address and whether it is random.
///
/// Core Specification Supplement, Part A, 1.16.
public struct LEDeviceAddress: Hashable, Sendable {
    /// The device address.
    public var address: BluetoothAddress
    /// Whether the address is random rather than public.
    public var isRandom: Bool

    /// Makes an LE device address.
    public init(address: BluetoothAddress, isRandom: Bool) {
        self.address = address
        self.isRandom = isRandom
    }
}

extension LEDeviceAddress: WireCodable {
    public init(from reader: inout ByteReader) throws(DecodeError) {
        address = try BluetoothAddress(from: &reader)
        let flags: UInt8 = try reader.read()
        isRandom = flags & 0x01 == 0x01
    }

    public func encode(into writer: inout ByteWriter) {
        writer.write(address)
        writer.write(UInt8(isRandom ? 0x01 : 0x00))
    }
}
