/// A descriptor the app adds to a ``CBMutableCharacteristic`` before publishing its service.
///
/// The stack makes the Client Characteristic Configuration (2902) and Extended Properties (2900) descriptors itself.
open class CBMutableDescriptor: CBDescriptor {
    /// Makes a descriptor, checking the value's type as Apple does; a wrong type stops the program, as Apple raises:
    ///
    /// - User Description (2901) needs a `String`.
    /// - Presentation Format (2904) needs `Data`.
    /// - Valid Range (2906) needs `Data` of an even length.
    /// - A 128-bit UUID needs `Data`.
    ///
    /// Other UUIDs take any value.
    public init(type UUID: CBUUID, value: Any?) {
        switch UUID {
        case CBUUID(string: CBUUIDCharacteristicUserDescriptionString):
            precondition(value is String, "Expecting NSString value type for User Description descriptor")
        case CBUUID(string: CBUUIDCharacteristicFormatString):
            precondition(value is Data, "Expecting NSData value type for Format descriptor")
        case CBUUID(string: CBUUIDCharacteristicValidRangeString):
            precondition(
                (value as? Data)?.count.isMultiple(of: 2) == true, "Valid range must be an even number of bytes")
        default:
            precondition(UUID.data.count != 16 || value is Data, "Expecting NSData value type for 128-bit descriptor")
        }
        super.init(uuid: UUID, value: value, characteristic: nil)
    }

    /// The descriptor as Apple describes it: `<CBMutableDescriptor: 0x… UUID = …, Value = …>`.
    open override var description: String {
        "<\(type(of: self)): \(addressDescription) UUID = \(uuid), Value = \(describe(value))>"
    }
}
