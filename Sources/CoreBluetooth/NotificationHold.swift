/// The notifications of one characteristic that wait while its `setNotifyValue` is under way, so that they reach
/// the delegate after the notification state they followed on the air.
struct NotificationHold {
    /// The most values kept; older ones are dropped first, as a peer flooding notifications would lose them anyway.
    static let limit = 64

    /// How many `setNotifyValue` calls of the characteristic are under way.
    var pending = 0
    /// The values that arrived meanwhile, oldest first.
    private(set) var values: [[UInt8]] = []

    /// Keeps one more value, dropping the oldest beyond ``limit``.
    mutating func hold(_ bytes: [UInt8]) {
        if values.count == Self.limit {
            CoreBluetoothLog.warning("notifications arrived faster than the subscription completed; dropped the oldest")
            values.removeFirst()
        }
        values.append(bytes)
    }
}
