/// A Long Term Key with the EDIV and Rand that name it when encryption starts.
///
/// LE Secure Connections keys have EDIV and Rand zero; legacy keys carry the values distributed with them.
///
/// Bluetooth Core Specification Vol 3, Part H, 2.4.2 and 3.6.3.
public struct LongTermKey: Hashable, Sendable {
    /// The 128-bit key, already shortened to the negotiated key size.
    public var value: UInt128
    /// The Encrypted Diversifier.
    public var ediv: UInt16
    /// The 64-bit random number.
    public var rand: UInt64

    /// Wraps a key and the values that identify it.
    public init(value: UInt128, ediv: UInt16 = 0, rand: UInt64 = 0) {
        self.value = value
        self.ediv = ediv
        self.rand = rand
    }

    /// Shortens a key to `size` octets by clearing its most significant octets.
    ///
    /// Bluetooth Core Specification Vol 3, Part H, 2.3.4.
    public static func shorten(_ key: UInt128, toSize size: UInt8) -> UInt128 {
        guard size < 16 else { return key }
        return key & ((1 << (8 * UInt128(size))) - 1)
    }
}
