/// Sets all or part of the data one advertising set sends in its scan responses.
///
/// Bluetooth Core Specification Vol 4, Part E, 7.8.55.
public struct LESetExtendedScanResponseDataCommand: HCICommand, Hashable {
    public typealias ReturnParameters = EmptyReturnParameters
    public static let opcode = HCIOpcode(ogf: 0x08, ocf: 0x0038)

    /// The most data one command carries.
    public static let maximumFragmentLength = 251

    /// The advertising set the command applies to.
    public var advertisingHandle: UInt8
    /// Which fragment this is: 0 intermediate, 1 first, 2 last, 3 complete.
    public var operation: UInt8
    /// 0: the controller may fragment the data; 1: it should not.
    public var fragmentPreference: UInt8
    /// The data fragment, at most ``maximumFragmentLength`` bytes.
    public var data: [UInt8]

    public init(advertisingHandle: UInt8, operation: UInt8, fragmentPreference: UInt8, data: [UInt8]) {
        self.advertisingHandle = advertisingHandle
        self.operation = operation
        self.fragmentPreference = fragmentPreference
        self.data = data
    }
}

extension LESetExtendedScanResponseDataCommand {
    public init(from reader: inout ByteReader) throws(DecodeError) {
        advertisingHandle = try reader.read()
        operation = try reader.read()
        fragmentPreference = try reader.read()
        data = try reader.readLengthPrefixedField(
            maximum: Self.maximumFragmentLength, lengthField: "Scan_Response_Data_Length")
    }

    public func encode(into writer: inout ByteWriter) {
        writer.write(advertisingHandle)
        writer.write(operation)
        writer.write(fragmentPreference)
        writer.writeLengthPrefixedField(data, maximum: Self.maximumFragmentLength, field: "Scan_Response_Data")
    }
}
