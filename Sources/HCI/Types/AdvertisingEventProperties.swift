/// What kind of advertising an extended advertising set does, as a 16-bit mask.
///
/// Bluetooth Core Specification Vol 4, Part E, 7.8.53 (Advertising_Event_Properties).
public struct AdvertisingEventProperties: OptionSet, Hashable, Sendable {
    public let rawValue: UInt16
    public init(rawValue: UInt16) { self.rawValue = rawValue }

    /// Peers may connect. Spec bit 0.
    public static let connectable = AdvertisingEventProperties(rawValue: 1 << 0)
    /// Peers may send scan requests. Spec bit 1.
    public static let scannable = AdvertisingEventProperties(rawValue: 1 << 1)
    /// The advertising is addressed to one peer. Spec bit 2.
    public static let directed = AdvertisingEventProperties(rawValue: 1 << 2)
    /// Directed advertising at high duty cycle (legacy PDUs only). Spec bit 3.
    public static let highDutyCycleDirected = AdvertisingEventProperties(rawValue: 1 << 3)
    /// Use legacy advertising PDUs. Spec bit 4.
    public static let legacy = AdvertisingEventProperties(rawValue: 1 << 4)
    /// Omit the advertiser's address from all PDUs. Spec bit 5.
    public static let anonymous = AdvertisingEventProperties(rawValue: 1 << 5)
    /// Include the transmit power in the extended header. Spec bit 6.
    public static let includeTxPower = AdvertisingEventProperties(rawValue: 1 << 6)
}

extension AdvertisingEventProperties: WireCodable {
    public init(from reader: inout ByteReader) throws(DecodeError) {
        self.init(rawValue: try reader.read())
    }

    public func encode(into writer: inout ByteWriter) {
        writer.write(rawValue)
    }
}
