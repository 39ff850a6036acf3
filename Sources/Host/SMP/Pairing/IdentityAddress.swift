import HCI

/// A device's identity address: its public address or its static random address, with which it is bonded.
///
/// Bluetooth Core Specification Vol 3, Part C, 15.1.1 and Vol 3, Part H, 3.6.5.
public struct IdentityAddress: Hashable, Sendable {
    /// Public (0x00) or static random (0x01).
    public var type: AddressType
    /// The 48-bit address.
    public var address: BluetoothAddress

    /// Pairs an address with its type.
    public init(type: AddressType, address: BluetoothAddress) {
        self.type = type
        self.address = address
    }

    /// Whether the pair can be an identity address: public, or random with the static random form.
    public var isValid: Bool {
        switch type {
        case .public: true
        case .random: address.isStaticRandom
        default: false
        }
    }
}

extension IdentityAddress: CustomStringConvertible {
    public var description: String { "\(address) (\(type))" }
}
