/// Describes one characteristic descriptor to put in an attribute database.
///
/// The CCCD (0x2902) and the Characteristic Extended Properties descriptor (0x2900) are added by the
/// database itself and cannot be defined.
///
/// Bluetooth Core Specification Vol 3, Part G, 3.3.3.
public struct DescriptorDefinition: Hashable, Sendable {
    /// The descriptor's type.
    public var uuid: BluetoothUUID
    /// Who may read and write the descriptor.
    public var permissions: AttributePermissions
    /// The descriptor's value.
    public var value: AttributeValue

    public init(uuid: BluetoothUUID, permissions: AttributePermissions = .readable, value: AttributeValue) {
        self.uuid = uuid
        self.permissions = permissions
        self.value = value
    }

    /// A read-only Characteristic User Description (0x2901) holding `text` in UTF-8.
    public static func userDescription(_ text: String) -> DescriptorDefinition {
        DescriptorDefinition(uuid: .characteristicUserDescription, value: .static(Array(text.utf8)))
    }
}
