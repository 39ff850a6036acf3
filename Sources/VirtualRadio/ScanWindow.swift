/// When and where a scanner of a timed air listens: from the moment scanning began, one scan interval after
/// another, each on the next advertising channel (37, 38, 39, then round again), for the scan window at the
/// start of the interval.
///
/// A PDU is heard only when it lies wholly inside a window on its channel, so a short window makes discovery
/// take longer; with the window equal to the interval the scanner listens all the time and hears one channel
/// of every advertising event.
///
/// Bluetooth Core Specification Vol 6, Part B, 4.4.3 (scanning state).
struct ScanWindow: Equatable {
    /// When the first scan interval began, in air time.
    var start: Duration
    var interval: Duration
    var window: Duration

    /// A schedule from HCI's scan interval and window, in units of 0.625 ms.
    init(start: Duration, interval: UInt16, window: UInt16) {
        self.start = start
        self.interval = .microseconds(Int64(interval) * 625)
        self.window = .microseconds(Int64(min(window, interval)) * 625)
    }

    /// Whether the scanner hears a PDU: it lies wholly inside a window opened on its channel.
    func hears(_ transmission: AdvertisingTransmission) -> Bool {
        guard transmission.start >= start, interval > .zero else { return false }
        let index = (transmission.start - start).nanoseconds / interval.nanoseconds
        let opened = start + interval * index
        return transmission.end <= opened + window
            && AdvertisingChannel.scanned(inInterval: index) == transmission.channel
    }
}
