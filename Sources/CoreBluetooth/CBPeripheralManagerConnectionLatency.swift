/// The connection latency a peripheral manager asks a central for with `setDesiredConnectionLatency(_:for:)`.
public enum CBPeripheralManagerConnectionLatency: Int, Sendable {
    /// Prefer the shortest intervals: fast exchanges, more power.
    case low = 0
    /// Balance speed and power.
    case medium = 1
    /// Prefer the longest intervals: slow exchanges, least power.
    case high = 2
}
