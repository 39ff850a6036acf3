/// How closely an ``Air`` follows a real radio's timing.
public enum AirTiming: String, Hashable, Sendable, CaseIterable {
    /// Every packet arrives the moment it is sent; advertising repeats at its interval. Tests use this.
    case instant
    /// The link layer keeps the Core Specification's timing: advertising delay, connection events, airtime.
    case timed

    /// The environment variable that picks the timing of the process's own air (`instant` or `timed`).
    public static let environmentVariable = "BLUETOOTH_AIR"

    /// Reads `instant` or `timed`; nil for anything else.
    public init?(name: String) {
        self.init(rawValue: name.lowercased())
    }
}
