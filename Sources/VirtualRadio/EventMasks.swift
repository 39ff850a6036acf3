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

    private static let eventBits: [HCIEventCode: UInt64] = [
        .disconnectionComplete: 4,
        .encryptionChange: 7,
        .readRemoteVersionInformationComplete: 11,
        .hardwareError: 15,
        HCIEventCode(rawValue: 0x1A): 25,
        .encryptionKeyRefreshComplete: 47,
        .leMeta: leMetaBit,
    ]

    /// Whether the host lets the controller send an event with this code.
    func allows(_ code: HCIEventCode) -> Bool {
        guard let bit = Self.eventBits[code] else { return true }
        return eventMask & (1 << bit) != 0
    }

    /// Whether the host lets the controller send this LE subevent (bit = subevent code − 1).
    func allows(_ subevent: LESubeventCode) -> Bool {
        guard allows(.leMeta), subevent.rawValue >= 1, subevent.rawValue <= 64 else { return false }
        return leEventMask & (1 << UInt64(subevent.rawValue - 1)) != 0
    }
}
