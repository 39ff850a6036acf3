/// Reads how much advertising or scan response data one advertising set can hold.
///
/// Bluetooth Core Specification Vol 4, Part E, 7.8.57.
public struct LEReadMaximumAdvertisingDataLengthCommand: HCICommand, HCIParameterlessCommand, Hashable {
    public static let opcode = HCIOpcode(ogf: 0x08, ocf: 0x003A)
    public init() {}

    /// The controller's limit.
    public struct ReturnParameters: WireCodable, Hashable {
        /// Largest advertising or scan response data per set, in bytes.
        public var maximumAdvertisingDataLength: UInt16

        public init(maximumAdvertisingDataLength: UInt16) {
            self.maximumAdvertisingDataLength = maximumAdvertisingDataLength
        }

        public init(from reader: inout ByteReader) throws(DecodeError) {
            maximumAdvertisingDataLength = try reader.read()
        }

        public func encode(into writer: inout ByteWriter) {
            writer.write(maximumAdvertisingDataLength)
        }
    }
}
