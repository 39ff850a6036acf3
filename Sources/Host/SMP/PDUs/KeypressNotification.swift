import HCI

/// Tells the peer about a key the user pressed while entering a passkey.
///
/// Bluetooth Core Specification Vol 3, Part H, 3.5.8.
public struct KeypressNotification: WireCodable, Hashable {
    /// What the user did; unknown values stay representable.
    ///
    /// Bluetooth Core Specification Vol 3, Part H, 3.5.8.
    public struct NotificationType: RawRepresentable, Hashable, Sendable {
        public let rawValue: UInt8
        public init(rawValue: UInt8) { self.rawValue = rawValue }

        /// Passkey entry started. Spec value 0x00.
        public static let entryStarted = NotificationType(rawValue: 0x00)
        /// A digit was entered. Spec value 0x01.
        public static let digitEntered = NotificationType(rawValue: 0x01)
        /// A digit was erased. Spec value 0x02.
        public static let digitErased = NotificationType(rawValue: 0x02)
        /// The passkey was cleared. Spec value 0x03.
        public static let cleared = NotificationType(rawValue: 0x03)
        /// Passkey entry completed. Spec value 0x04.
        public static let entryCompleted = NotificationType(rawValue: 0x04)
    }

    /// What the user did.
    public var notificationType: NotificationType

    /// Wraps a notification type.
    public init(notificationType: NotificationType) {
        self.notificationType = notificationType
    }
}

extension KeypressNotification {
    public init(from reader: inout ByteReader) throws(DecodeError) {
        notificationType = NotificationType(rawValue: try reader.read())
    }

    public func encode(into writer: inout ByteWriter) {
        writer.write(notificationType.rawValue)
    }
}
