/// One entry of an attribute database: handle, type, permissions and where the value comes from.
///
/// Bluetooth Core Specification Vol 3, Part F, 3.2.
public struct Attribute: Hashable, Sendable {
    /// Where an attribute's value comes from.
    public enum Value: Hashable, Sendable {
        /// A constant: a declaration, a static characteristic or descriptor value.
        case fixed([UInt8])
        /// The application supplies it on reads and receives it on writes.
        case application
        /// A CCCD: kept per connection by the server, for the characteristic whose value has `valueHandle`.
        case clientConfiguration(valueHandle: AttributeHandle, allowed: ClientCharacteristicConfiguration)
        /// The Client Supported Features value, kept per connection by the server.
        case clientSupportedFeatures
        /// The Database Hash value, computed by the server.
        case databaseHash
        /// The Service Changed value, which is only ever indicated.
        case serviceChanged
    }

    /// The attribute's handle.
    public let handle: AttributeHandle
    /// The attribute's type.
    public let type: BluetoothUUID
    /// Who may read and write the value.
    public let permissions: AttributePermissions
    /// Where the value comes from.
    public let value: Value
    /// The last handle of the group this attribute starts, for service declarations; nil otherwise.
    public let groupEndHandle: AttributeHandle?

    public init(
        handle: AttributeHandle, type: BluetoothUUID, permissions: AttributePermissions, value: Value,
        groupEndHandle: AttributeHandle? = nil
    ) {
        self.handle = handle
        self.type = type
        self.permissions = permissions
        self.value = value
        self.groupEndHandle = groupEndHandle
    }
}
