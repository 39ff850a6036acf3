/// Who may read and write an attribute's value, and on what kind of link.
///
/// The first four are CoreBluetooth's `CBAttributePermissions`, with the same values; an encryption or
/// authentication requirement also grants the access it guards. The authentication variants are ours.
///
/// Bluetooth Core Specification Vol 3, Part F, 3.2.5.
public struct AttributePermissions: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// Any client may read the value.
    public static let readable = AttributePermissions(rawValue: 0x01)
    /// Any client may write the value.
    public static let writeable = AttributePermissions(rawValue: 0x02)
    /// Only a client on an encrypted link may read the value.
    public static let readEncryptionRequired = AttributePermissions(rawValue: 0x04)
    /// Only a client on an encrypted link may write the value.
    public static let writeEncryptionRequired = AttributePermissions(rawValue: 0x08)
    /// Only a client on an encrypted, authenticated (MITM-protected) link may read the value.
    public static let readAuthenticationRequired = AttributePermissions(rawValue: 0x10)
    /// Only a client on an encrypted, authenticated (MITM-protected) link may write the value.
    public static let writeAuthenticationRequired = AttributePermissions(rawValue: 0x20)

    /// Every permission that lets a client write.
    public static let anyWrite: AttributePermissions = [
        .writeable, .writeEncryptionRequired, .writeAuthenticationRequired,
    ]

    /// Every permission that lets a client read.
    public static let anyRead: AttributePermissions = [
        .readable, .readEncryptionRequired, .readAuthenticationRequired,
    ]

    /// Why a client on a link with `security` may not access the value, or nil when it may.
    ///
    /// Bluetooth Core Specification Vol 3, Part C, 10.3 and Vol 3, Part F, 4.
    func refusal(
        of access: AttributeAccess, on security: LinkSecurity, minimumKeySize: Int
    ) -> ATTErrorCode? {
        let grants: AttributePermissions
        let encryption: AttributePermissions
        let authentication: AttributePermissions
        switch access {
        case .read:
            (grants, encryption, authentication) = (.anyRead, .readEncryptionRequired, .readAuthenticationRequired)
        case .write:
            (grants, encryption, authentication) = (.anyWrite, .writeEncryptionRequired, .writeAuthenticationRequired)
        }
        guard !isDisjoint(with: grants) else {
            return access == .read ? .readNotPermitted : .writeNotPermitted
        }
        let needsAuthentication = !isDisjoint(with: authentication)
        let needsEncryption = needsAuthentication || !isDisjoint(with: encryption)
        if needsAuthentication && security.level < .authenticated { return .insufficientAuthentication }
        if needsEncryption && security.level < .encrypted { return .insufficientEncryption }
        if needsEncryption && security.keySize < minimumKeySize { return .encryptionKeySizeTooShort }
        return nil
    }
}

/// Whether a client wants to read or to write an attribute.
enum AttributeAccess: Sendable {
    case read
    case write
}
