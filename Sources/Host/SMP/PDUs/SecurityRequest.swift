import HCI

/// Asks the central, from the peripheral, to start pairing or encryption with the given requirements.
///
/// Bluetooth Core Specification Vol 3, Part H, 3.6.7.
public struct SecurityRequest: WireCodable, Hashable {
    /// The peripheral's bonding, MITM, Secure Connections, keypress and CT2 wishes.
    public var authenticationRequirements: AuthenticationRequirements

    /// Wraps the requirements.
    public init(authenticationRequirements: AuthenticationRequirements) {
        self.authenticationRequirements = authenticationRequirements
    }
}

extension SecurityRequest {
    public init(from reader: inout ByteReader) throws(DecodeError) {
        authenticationRequirements = try AuthenticationRequirements(from: &reader)
    }

    public func encode(into writer: inout ByteWriter) {
        authenticationRequirements.encode(into: &writer)
    }
}
