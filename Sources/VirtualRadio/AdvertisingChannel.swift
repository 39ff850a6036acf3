/// One of the three primary advertising channels, and when each PDU of an advertising event is on the air.
///
/// Bluetooth Core Specification Vol 6, Part B, 1.4.1 (channels 37, 38, 39) and 4.4.2 (advertising events).
enum AdvertisingChannel: UInt8, Hashable, Sendable, CaseIterable {
    case ch37 = 37
    case ch38 = 38
    case ch39 = 39

    /// The channels an Advertising_Channel_Map selects (bit 0: 37, bit 1: 38, bit 2: 39), in the order an
    /// event uses them.
    static func selected(by map: UInt8) -> [AdvertisingChannel] {
        allCases.enumerated().filter { map & (1 << $0.offset) != 0 }.map(\.element)
    }

    /// The channel a scanner listens on in its `index`-th scan interval: 37, 38, 39, then round again.
    static func scanned(inInterval index: Int64) -> AdvertisingChannel {
        allCases[Int(index % 3)]
    }
}

/// One advertising PDU of an event: the channel it goes on and when it starts and ends, in air time.
struct AdvertisingTransmission: Equatable {
    var channel: AdvertisingChannel
    var start: Duration
    var end: Duration

    /// The PDUs of an event of `set` that begins at `start`: one on each selected channel in turn, each the
    /// primary PDU's airtime on LE 1M, the next one starting when the advertiser has listened for the longest
    /// request the PDU invites (T_IFS and a CONNECT_IND for connectable PDUs, a SCAN_REQ for scannable ones).
    static func event(of set: AdvertisingSet, at start: Duration) -> [AdvertisingTransmission] {
        let airtime = RadioPHY.le1M.airtime(payload: primaryPayload(of: set))
        let gap = listening(after: set)
        var time = start
        return AdvertisingChannel.selected(by: set.channelMap).map { channel in
            defer { time += airtime + gap }
            return AdvertisingTransmission(channel: channel, start: time, end: time + airtime)
        }
    }

    /// The payload octets of the set's PDU on the primary channel.
    ///
    /// Legacy PDUs carry AdvA (6) and the data, or AdvA and TargetA (12) when directed; an extended set's
    /// ADV_EXT_IND carries the extended header's length and mode (1), flags (1), ADI (2) and AuxPtr (3), its data
    /// going on a secondary channel (Vol 6, Part B, 2.3.1 and 2.3.4).
    static func primaryPayload(of set: AdvertisingSet) -> Int {
        guard set.isLegacy else { return 7 }
        return set.isDirected ? 12 : 6 + set.data.count
    }

    /// How long the advertiser waits after a PDU before the next: T_IFS, plus a CONNECT_IND's (34 octets) or
    /// SCAN_REQ's (12 octets) airtime when the PDU invites one.
    static func listening(after set: AdvertisingSet) -> Duration {
        let request = set.isConnectable ? 34 : set.isScannable ? 12 : 0
        guard request > 0 else { return RadioPHY.interFrameSpace }
        return RadioPHY.interFrameSpace + RadioPHY.le1M.airtime(payload: request)
    }
}
