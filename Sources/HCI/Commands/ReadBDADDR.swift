/// Reads the controller's public device address.
///
/// Bluetooth Core Specification Vol 4, Part E, 7.4.6.
public struct ReadBDADDRCommand: HCICommand, HCIParameterlessCommand, Hashable {
    public static let opcode = HCIOpcode(ogf: 0x04, ocf: 0x0009)
    public init() {}

    /// The controller's public address (all zero when it has none).
    public struct ReturnParameters: WireCodable, Hashable {
        public var address: BluetoothAddress
        public init(address: BluetoothAddress) { self.address = address }

        public init(from reader: inout ByteReader) throws(DecodeError) {
            address = try BluetoothAddress(from: &reader)
        }

        public func encode(into writer: inout ByteWriter) {
            address.encode(into: &writer)
        }
    }
}
