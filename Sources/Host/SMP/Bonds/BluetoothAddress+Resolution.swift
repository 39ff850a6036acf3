import HCI

extension BluetoothAddress {
    /// Whether this is a resolvable private address made with `identityResolvingKey`: its hash (the low 24 bits)
    /// equals ah(IRK, prand), prand being the high 24 bits.
    ///
    /// Bluetooth Core Specification Vol 6, Part B, 1.3.2.3.
    public func isResolvable(with identityResolvingKey: UInt128) -> Bool {
        guard isResolvablePrivate else { return false }
        let prand = UInt32(truncatingIfNeeded: rawValue >> 24) & 0xFF_FFFF
        let hash = UInt32(truncatingIfNeeded: rawValue) & 0xFF_FFFF
        return CryptoToolbox.ah(k: identityResolvingKey, r: prand) == hash
    }
}
