/// Sets the random device address one advertising set uses.
///
/// Bluetooth Core Specification Vol 4, Part E, 7.8.52.
public struct LESetAdvertisingSetRandomAddressCommand: HCICommand, Hashable {
    public typealias ReturnParameters = EmptyReturnParameters
    public static let opcode = HCIOpcode(ogf: 0x08, ocf: 0x0035)

    /// The advertising set the command applies to.
    public var advertisingHandle: UInt8
    /// The static or private random address to use.
    public var randomAddress: BluetoothAddress

    public init(advertisingHandle: UInt8, randomAddress: BluetoothAddress) {
        self.advertisingHandle = advertisingHandle
        self.randomAddress = randomAddress
    }
}

extension LESetAdvertisingSetRandomAddressCommand {
    public init(from reader: inout ByteReader) throws(DecodeError) {
        advertisingHandle = try reader.read()
        randomAddress = try BluetoothAddress(from: &reader)
    }

    public func encode(into writer: inout ByteWriter) {
        writer.write(advertisingHandle)
        randomAddress.encode(into: &writer)
    }
}
