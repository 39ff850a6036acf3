/// Why a Security Manager key could not be used.
public enum SMPCryptoError: Error, Equatable, Sendable {
    /// A P-256 public key was not 64 octets or its point is not on the curve.
    ///
    /// Bluetooth Core Specification Vol 3, Part H, 2.3.5.6.1.
    case invalidPublicKey
    /// A P-256 private key was not 32 octets or not in the range 1 to n − 1.
    case invalidPrivateKey
}

extension SMPCryptoError: CustomStringConvertible {
    public var description: String {
        switch self {
        case .invalidPublicKey: "the P-256 public key is not a point on the curve"
        case .invalidPrivateKey: "the P-256 private key is out of range"
        }
    }
}
