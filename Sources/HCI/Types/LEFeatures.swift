/// The LE features a controller supports, as a 64-bit mask.
///
/// Bluetooth Core Specification Vol 6, Part B, 4.6.
public struct LEFeatures: OptionSet, Hashable, Sendable {
    public let rawValue: UInt64
    public init(rawValue: UInt64) { self.rawValue = rawValue }

    /// LE Encryption. Spec bit 0.
    public static let encryption = LEFeatures(rawValue: 1 << 0)
    /// Connection Parameters Request Procedure. Spec bit 1.
    public static let connectionParametersRequest = LEFeatures(rawValue: 1 << 1)
    /// Extended Reject Indication. Spec bit 2.
    public static let extendedRejectIndication = LEFeatures(rawValue: 1 << 2)
    /// Peripheral-initiated Features Exchange. Spec bit 3.
    public static let peripheralInitiatedFeaturesExchange = LEFeatures(rawValue: 1 << 3)
    /// LE Ping. Spec bit 4.
    public static let ping = LEFeatures(rawValue: 1 << 4)
    /// LE Data Packet Length Extension. Spec bit 5.
    public static let dataPacketLengthExtension = LEFeatures(rawValue: 1 << 5)
    /// LL Privacy. Spec bit 6.
    public static let llPrivacy = LEFeatures(rawValue: 1 << 6)
    /// Extended Scanning Filter Policies. Spec bit 7.
    public static let extendedScanningFilterPolicies = LEFeatures(rawValue: 1 << 7)
    /// LE 2M PHY. Spec bit 8.
    public static let le2MPHY = LEFeatures(rawValue: 1 << 8)
    /// LE Coded PHY. Spec bit 11.
    public static let leCodedPHY = LEFeatures(rawValue: 1 << 11)
    /// LE Extended Advertising. Spec bit 12.
    public static let extendedAdvertising = LEFeatures(rawValue: 1 << 12)
    /// LE Periodic Advertising. Spec bit 13.
    public static let periodicAdvertising = LEFeatures(rawValue: 1 << 13)
    /// Channel Selection Algorithm #2. Spec bit 14.
    public static let channelSelectionAlgorithm2 = LEFeatures(rawValue: 1 << 14)
}

extension LEFeatures: WireCodable {
    public init(from reader: inout ByteReader) throws(DecodeError) {
        self.init(rawValue: try reader.read())
    }

    public func encode(into writer: inout ByteWriter) {
        writer.write(rawValue)
    }
}
