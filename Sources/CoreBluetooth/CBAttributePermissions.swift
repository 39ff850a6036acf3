/// Who may read and write a local characteristic's or descriptor's value, and whether the link must be encrypted.
public struct CBAttributePermissions: OptionSet, Hashable, Sendable {
    public let rawValue: UInt

    public init(rawValue: UInt) { self.rawValue = rawValue }

    /// Any central may read the value.
    public static let readable = CBAttributePermissions(rawValue: 0x01)
    /// Any central may write the value (Apple's spelling).
    public static let writeable = CBAttributePermissions(rawValue: 0x02)
    /// Only a central on an encrypted link may read the value.
    public static let readEncryptionRequired = CBAttributePermissions(rawValue: 0x04)
    /// Only a central on an encrypted link may write the value.
    public static let writeEncryptionRequired = CBAttributePermissions(rawValue: 0x08)
}
