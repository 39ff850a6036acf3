import HCI

/// Resolvable private addresses: made from an identity resolving key, and resolved back with it.
///
/// Bluetooth Core Specification Vol 6, Part B, 1.3.2.2 and 1.3.2.3; Vol 3, Part H, 2.2.2 (function ah).
enum ResolvablePrivateAddress {
    /// The random address hash function ah(k, r) = e(k, 0^104 ‖ r) mod 2^24, with `irk` as HCI carries it
    /// (least significant octet first).
    static func hash(irk: [UInt8], prand: UInt32) -> UInt32? {
        let block: [UInt8] =
            Array(repeating: 0, count: 13) + [
                UInt8(truncatingIfNeeded: prand >> 16), UInt8(truncatingIfNeeded: prand >> 8),
                UInt8(truncatingIfNeeded: prand),
            ]
        guard let output = AES128.encrypt(key: irk.reversed(), block: block) else { return nil }
        return UInt32(output[13]) << 16 | UInt32(output[14]) << 8 | UInt32(output[15])
    }

    /// A fresh resolvable private address for `irk`.
    static func make(irk: [UInt8], using generator: inout some RandomNumberGenerator) -> BluetoothAddress? {
        var prand: UInt32 = 0
        while prand & 0x3F_FFFF == 0 || prand & 0x3F_FFFF == 0x3F_FFFF {
            prand = UInt32.random(in: 0...0x3F_FFFF, using: &generator)
        }
        prand |= 0x40_0000
        guard let hash = hash(irk: irk, prand: prand) else { return nil }
        return BluetoothAddress(rawValue: UInt64(prand) << 24 | UInt64(hash))
    }

    /// Whether `address` is a resolvable private address made from `irk`.
    static func resolves(_ address: BluetoothAddress, with irk: [UInt8]) -> Bool {
        guard address.isResolvablePrivate, irk.contains(where: { $0 != 0 }) else { return false }
        let prand = UInt32(truncatingIfNeeded: address.rawValue >> 24)
        return hash(irk: irk, prand: prand) == UInt32(truncatingIfNeeded: address.rawValue & 0xFF_FFFF)
    }
}
