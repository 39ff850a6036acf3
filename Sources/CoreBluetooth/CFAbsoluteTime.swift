#if !canImport(Darwin)
    /// A point in time as seconds since 1 January 2001 00:00 UTC, as Core Foundation measures it on Apple platforms.
    public typealias CFAbsoluteTime = Double
#endif
