/// The properties of an advertisement an extended advertising report describes, with its data status in bits 5-6.
///
/// Bluetooth Core Specification Vol 4, Part E, 7.7.65.13 (Event_Type).
public struct ExtendedAdvertisingEventType: OptionSet, Hashable, Sendable {
    public let rawValue: UInt16
    public init(rawValue: UInt16) { self.rawValue = rawValue }

    /// The advertisement accepts connections. Spec bit 0.
    public static let connectable = ExtendedAdvertisingEventType(rawValue: 1 << 0)
    /// The advertisement accepts scan requests. Spec bit 1.
    public static let scannable = ExtendedAdvertisingEventType(rawValue: 1 << 1)
    /// The advertisement is directed at one device. Spec bit 2.
    public static let directed = ExtendedAdvertisingEventType(rawValue: 1 << 2)
    /// The report is a scan response. Spec bit 3.
    public static let scanResponse = ExtendedAdvertisingEventType(rawValue: 1 << 3)
    /// The advertisement used legacy advertising PDUs. Spec bit 4.
    public static let legacy = ExtendedAdvertisingEventType(rawValue: 1 << 4)

    /// Whether a report carries all of an advertisement's data; unknown values stay representable.
    ///
    /// Bluetooth Core Specification Vol 4, Part E, 7.7.65.13 (Event_Type bits 5-6).
    public struct DataStatus: RawRepresentable, Hashable, Sendable {
        public let rawValue: UInt8
        public init(rawValue: UInt8) { self.rawValue = rawValue }

        /// The data is complete. Spec value 0b00.
        public static let complete = DataStatus(rawValue: 0b00)
        /// The data is incomplete and more reports will follow. Spec value 0b01.
        public static let incomplete = DataStatus(rawValue: 0b01)
        /// The data is incomplete and no more will follow. Spec value 0b10.
        public static let truncated = DataStatus(rawValue: 0b10)
    }

    private static let dataStatusShift: UInt16 = 5
    private static let dataStatusMask: UInt16 = 0b11 << dataStatusShift

    /// The data status held in bits 5-6; setting it keeps only the value's two low bits.
    public var dataStatus: DataStatus {
        get {
            DataStatus(rawValue: UInt8(truncatingIfNeeded: (rawValue & Self.dataStatusMask) >> Self.dataStatusShift))
        }
        set {
            let bits = UInt16(newValue.rawValue) << Self.dataStatusShift & Self.dataStatusMask
            self = ExtendedAdvertisingEventType(rawValue: rawValue & ~Self.dataStatusMask | bits)
        }
    }
}

extension ExtendedAdvertisingEventType: WireCodable {
    public init(from reader: inout ByteReader) throws(DecodeError) {
        self.init(rawValue: try reader.read())
    }

    public func encode(into writer: inout ByteWriter) {
        writer.write(rawValue)
    }
}
