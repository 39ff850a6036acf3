/// Sets the data that legacy advertising PDUs carry.
///
/// On the wire the data is a length byte and a 31-byte field padded with zeros.
///
/// Bluetooth Core Specification Vol 4, Part E, 7.8.7.
public struct LESetAdvertisingDataCommand: HCICommand, Hashable {
    public typealias ReturnParameters = EmptyReturnParameters
    public static let opcode = HCIOpcode(ogf: 0x08, ocf: 0x0008)

    /// The most advertising data a legacy advertising PDU carries.
    public static let maximumLength = 31

    /// The advertising data, at most ``maximumLength`` bytes.
    public var data: [UInt8]

    public init(data: [UInt8]) {
        self.data = data
    }
}

extension LESetAdvertisingDataCommand {
    public init(from reader: inout ByteReader) throws(DecodeError) {
        data = try reader.readPaddedField(capacity: Self.maximumLength, lengthField: "Advertising_Data_Length")
    }

    public func encode(into writer: inout ByteWriter) {
        writer.writePaddedField(data, capacity: Self.maximumLength, field: "Advertising_Data")
    }
}
