#if !canImport(Darwin)
    import Foundation

    /// A point in time as seconds since 1 January 2001 00:00 UTC, as Core Foundation measures it on Apple platforms.
    public typealias CFAbsoluteTime = Double

    /// The current time as a ``CFAbsoluteTime``, to compare with the timestamp of
    /// `centralManager(_:didDisconnectPeripheral:timestamp:isReconnecting:error:)`.
    public func CFAbsoluteTimeGetCurrent() -> CFAbsoluteTime {
        Date().timeIntervalSinceReferenceDate
    }
#endif
