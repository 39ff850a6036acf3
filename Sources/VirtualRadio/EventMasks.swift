import HCI

/// The two masks a host sets to choose which events its controller may send, with the spec's defaults.
///
/// Command Complete, Command Status and Number Of Completed Packets cannot be masked. LE subevents need both
/// the LE Meta bit of the event mask and their own bit of the LE event mask.
///
/// Bluetooth Core Specification Vol 4, Part E, 7.3.1 and 7.8.1.
struct EventMasks: Hashable, Sendable {
    /// The Set Event Mask bits; the spec's default leaves LE Meta (bit 61) off.
    var eventMask: UInt64 = EventMasks.defaultEventMask
    /// The LE Set Event Mask bits; the spec's default enables subevents 0x01-0x05.
    var leEventMask: UInt64 = EventMasks.defaultLEEventMask

    static let defaultEventMask: UInt64 = 0x0000_1FFF_FFFF_FFFF
    static let defaultLEEventMask: UInt64 = 0x0000_0000_0000_001F

    private static let leMetaBit: UInt64 = 61

    /// The Set Event Mask bit of each maskable event the controller sends.
    private static func eventBit(_ code: HCIEventCode) -> UInt64? {
        switch code {
        case .disconnectionComplete: 4
        case .encryptionChange: 7
        case .readRemoteVersionInformationComplete: 11
        case .hardwareError: 15
        case HCIEventCode(rawValue: 0x1A): 25
        case .encryptionKeyRefreshComplete: 47
        case .leMeta: leMetaBit
        default: nil
        }
    }

    /// Whether the host lets the controller send an event with this code.
    func allows(_ code: HCIEventCode) -> Bool {
        guard let bit = Self.eventBit(code) else { return true }
        return eventMask & (1 << bit) != 0
    }

    /// Whether the host lets the controller send this LE subevent (bit = subevent code − 1).
    func allows(_ subevent: LESubeventCode) -> Bool {
        guard allows(.leMeta), subevent.rawValue >= 1, subevent.rawValue <= 64 else { return false }
        return leEventMask & (1 << UInt64(subevent.rawValue - 1)) != 0
    }
}
