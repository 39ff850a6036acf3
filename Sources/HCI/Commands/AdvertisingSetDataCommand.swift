/// A command that loads one fragment of an advertising set's advertising or scan response data.
///
/// Its parameters are the set, the operation, the fragment preference, then the length-prefixed data.
///
/// Bluetooth Core Specification Vol 4, Part E, 7.8.54 and 7.8.55.
public protocol AdvertisingSetDataCommand: HCICommand {
    /// The specification's name for the data parameter; its length parameter is this name followed by `_Length`.
    static var dataField: String { get }
    /// The fragment the command carries.
    var fragment: ExtendedAdvertisingDataFragment { get set }
    /// Makes the command from the fragment it carries.
    init(_ fragment: ExtendedAdvertisingDataFragment)
}

extension AdvertisingSetDataCommand {
    /// The most data one command carries.
    public static var maximumFragmentLength: Int { 251 }

    /// Makes the command from the fragment's fields.
    public init(advertisingHandle: UInt8, operation: UInt8, fragmentPreference: UInt8, data: [UInt8]) {
        self.init(
            ExtendedAdvertisingDataFragment(
                advertisingHandle: advertisingHandle, operation: operation, fragmentPreference: fragmentPreference,
                data: data))
    }
}

extension AdvertisingSetDataCommand {
    public init(from reader: inout ByteReader) throws(DecodeError) {
        let advertisingHandle: UInt8 = try reader.read()
        let operation: UInt8 = try reader.read()
        let fragmentPreference: UInt8 = try reader.read()
        let data = try reader.readLengthPrefixedField(
            maximum: Self.maximumFragmentLength, lengthField: Self.dataField + "_Length")
        self.init(
            advertisingHandle: advertisingHandle, operation: operation, fragmentPreference: fragmentPreference,
            data: data)
    }

    public func encode(into writer: inout ByteWriter) {
        writer.write(fragment.advertisingHandle)
        writer.write(fragment.operation)
        writer.write(fragment.fragmentPreference)
        writer.writeLengthPrefixedField(fragment.data, maximum: Self.maximumFragmentLength, field: Self.dataField)
    }
}
