/// How well a link is protected, which decides the attributes a client on it may access.
///
/// Bluetooth Core Specification Vol 3, Part C, 10.2.1.
public struct LinkSecurity: Hashable, Sendable {
    /// The protection the link has, weakest first.
    public enum Level: Int, Comparable, Sendable {
        /// No encryption (LE security mode 1, level 1).
        case unencrypted = 1
        /// Encrypted with an unauthenticated key (level 2).
        case encrypted = 2
        /// Encrypted with an authenticated (MITM-protected) key (level 3 or 4).
        case authenticated = 3

        public static func < (lhs: Level, rhs: Level) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    /// The protection the link has.
    public var level: Level
    /// The size of the encryption key in bytes (7 to 16); 0 when the link is not encrypted.
    public var keySize: Int

    /// Describes a link; an encrypted one has a 16-byte key unless told otherwise.
    public init(level: Level, keySize: Int? = nil) {
        self.level = level
        self.keySize = keySize ?? (level == .unencrypted ? 0 : 16)
    }

    /// A link without encryption.
    public static let unencrypted = LinkSecurity(level: .unencrypted)
    /// A link encrypted with an unauthenticated 16-byte key.
    public static let encrypted = LinkSecurity(level: .encrypted)
    /// A link encrypted with an authenticated 16-byte key.
    public static let authenticated = LinkSecurity(level: .authenticated)
}
