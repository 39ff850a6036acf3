import HCI

extension BluetoothAddress {
    /// A fresh resolvable private address made with `identityResolvingKey`: prand (two top bits 0b01, the 22
    /// random bits neither all zeros nor all ones) in the high 24 bits, hash = ah(IRK, prand) in the low 24.
    ///
    /// Bluetooth Core Specification Vol 6, Part B, 1.3.2.2.
    public static func makeResolvablePrivate(
        identityResolvingKey: UInt128, using generator: inout some RandomNumberGenerator
    ) -> BluetoothAddress {
        var random: UInt32
        repeat {
            random = UInt32.random(in: 0...0x3F_FFFF, using: &generator)
        } while random == 0 || random == 0x3F_FFFF
        let prand = 0x40_0000 | random
        let hash = CryptoToolbox.ah(k: identityResolvingKey, r: prand)
        return BluetoothAddress(rawValue: UInt64(prand) << 24 | UInt64(hash))
    }
}
