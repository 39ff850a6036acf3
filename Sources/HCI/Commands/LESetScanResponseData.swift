/// Sets the data that legacy scan responses carry.
///
/// On the wire the data is a length byte and a 31-byte field padded with zeros.
///
/// Bluetooth Core Specification Vol 4, Part E, 7.8.8.
public struct LESetScanResponseDataCommand: HCICommand, Hashable {
    public typealias ReturnParameters = EmptyReturnParameters
    public static let opcode = HCIOpcode(ogf: 0x08, ocf: 0x0009)

    /// The most scan response data a legacy scan response carries.
    public static let maximumLength = 31

    /// The scan response data, at most ``maximumLength`` bytes.
    public var data: [UInt8]

    public init(data: [UInt8]) {
        self.data = data
    }
}

extension LESetScanResponseDataCommand {
    public init(from reader: inout ByteReader) throws(DecodeError) {
        data = try reader.readPaddedField(capacity: Self.maximumLength, lengthField: "Scan_Response_Data_Length")
    }

    public func encode(into writer: inout ByteWriter) {
        writer.writePaddedField(data, capacity: Self.maximumLength, field: "Scan_Response_Data")
    }
}
