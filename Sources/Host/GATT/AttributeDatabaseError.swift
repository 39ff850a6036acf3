/// Why service definitions could not be laid out in an attribute database.
public enum AttributeDatabaseError: Error, Hashable, Sendable {
    /// The attributes would need handles past 0xFFFF.
    case handleSpaceExhausted
    /// Two services have the same ID.
    case duplicateServiceID(ServiceDefinition.ID)
    /// A service includes a service that is not in the database.
    case unknownIncludedService(ServiceDefinition.Reference)
    /// A service includes itself, directly or through other services.
    case circularInclude(BluetoothUUID)
    /// A static value is longer than 512 bytes.
    case valueTooLong(BluetoothUUID)
    /// A static value is on an attribute that can be written, notified or indicated.
    case staticValueNotReadOnly(BluetoothUUID)
    /// A definition names a descriptor the database adds itself (0x2900, 0x2902).
    case reservedDescriptor(BluetoothUUID)
    /// A service included by another cannot be removed.
    case serviceIsIncluded(BluetoothUUID)
}
