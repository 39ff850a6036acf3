/// What a client may do with a characteristic, as its declaration announces.
///
/// The low eight bits are the Characteristic Properties octet. The two encryption-required bits are
/// CoreBluetooth's: they announce notify or indicate and make writing the CCCD need an encrypted link.
///
/// Bluetooth Core Specification Vol 3, Part G, 3.3.1.1.
public struct CharacteristicProperties: OptionSet, Hashable, Sendable {
    public let rawValue: UInt16
    public init(rawValue: UInt16) { self.rawValue = rawValue }

    /// The value can be broadcast in advertising data. Spec value 0x01.
    public static let broadcast = CharacteristicProperties(rawValue: 0x01)
    /// The value can be read. Spec value 0x02.
    public static let read = CharacteristicProperties(rawValue: 0x02)
    /// The value can be written without a response. Spec value 0x04.
    public static let writeWithoutResponse = CharacteristicProperties(rawValue: 0x04)
    /// The value can be written with a response. Spec value 0x08.
    public static let write = CharacteristicProperties(rawValue: 0x08)
    /// The value can be notified; the characteristic gets a CCCD. Spec value 0x10.
    public static let notify = CharacteristicProperties(rawValue: 0x10)
    /// The value can be indicated; the characteristic gets a CCCD. Spec value 0x20.
    public static let indicate = CharacteristicProperties(rawValue: 0x20)
    /// The value can be written with a signed Write Command. Spec value 0x40.
    public static let authenticatedSignedWrites = CharacteristicProperties(rawValue: 0x40)
    /// The characteristic has a Characteristic Extended Properties descriptor. Spec value 0x80.
    public static let extendedProperties = CharacteristicProperties(rawValue: 0x80)
    /// Announces notify; only an encrypted link may write the CCCD. CoreBluetooth value 0x100.
    public static let notifyEncryptionRequired = CharacteristicProperties(rawValue: 0x100)
    /// Announces indicate; only an encrypted link may write the CCCD. CoreBluetooth value 0x200.
    public static let indicateEncryptionRequired = CharacteristicProperties(rawValue: 0x200)

    /// The Characteristic Properties octet of the declaration, with the CoreBluetooth-only bits folded in.
    public var declarationOctet: UInt8 {
        var octet = UInt8(truncatingIfNeeded: rawValue)
        if contains(.notifyEncryptionRequired) { octet |= 0x10 }
        if contains(.indicateEncryptionRequired) { octet |= 0x20 }
        return octet
    }

    /// Whether a client can subscribe to notifications.
    public var supportsNotifications: Bool { !isDisjoint(with: [.notify, .notifyEncryptionRequired]) }

    /// Whether a client can subscribe to indications.
    public var supportsIndications: Bool { !isDisjoint(with: [.indicate, .indicateEncryptionRequired]) }

    /// Whether writing the CCCD needs an encrypted link.
    public var clientConfigurationNeedsEncryption: Bool {
        !isDisjoint(with: [.notifyEncryptionRequired, .indicateEncryptionRequired])
    }

    /// The subscriptions a client may configure in the CCCD.
    public var allowedClientConfiguration: ClientCharacteristicConfiguration {
        var allowed: ClientCharacteristicConfiguration = []
        if supportsNotifications { allowed.insert(.notification) }
        if supportsIndications { allowed.insert(.indication) }
        return allowed
    }
}
