/// The sizes ATT bounds PDUs and values with on an LE bearer.
///
/// Bluetooth Core Specification Vol 3, Part F, 3.2.8, 3.2.9 and 3.4.2.
enum ATTLimits {
    /// The default and smallest ATT_MTU on LE.
    static let minimumMTU = 23
    /// The largest ATT_MTU worth negotiating: a 512-byte value behind the longest PDU header.
    static let maximumMTU = 517
    /// The longest attribute value.
    static let maximumValueLength = 512

    /// `mtu` brought into 23...517.
    static func clampedMTU(_ mtu: Int) -> Int {
        min(max(mtu, minimumMTU), maximumMTU)
    }
}
