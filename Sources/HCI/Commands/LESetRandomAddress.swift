/// Sets the random device address used by legacy advertising, scanning and initiating.
///
/// Bluetooth Core Specification Vol 4, Part E, 7.8.4.
public struct LESetRandomAddressCommand: HCICommand, Hashable {
    public typealias ReturnParameters = EmptyReturnParameters
    public static let opcode = HCIOpcode(ogf: 0x08, ocf: 0x0005)

    /// The static or private random address to use.
    public var randomAddress: BluetoothAddress

    public init(randomAddress: BluetoothAddress) {
        self.randomAddress = randomAddress
    }
}

extension LESetRandomAddressCommand {
    public init(from reader: inout ByteReader) throws(DecodeError) {
        randomAddress = try BluetoothAddress(from: &reader)
    }

    public func encode(into writer: inout ByteWriter) {
        randomAddress.encode(into: &writer)
    }
}
