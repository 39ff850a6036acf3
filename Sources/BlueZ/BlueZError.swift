/// A failure reported by bluetoothd or the D-Bus system bus: the D-Bus error name (e.g.
/// `org.bluez.Error.NotPermitted`) and its message.
public struct BlueZError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The D-Bus error name.
    public var name: String
    /// The human-readable message that came with it.
    public var message: String

    /// An error with this name and message.
    public init(name: String, message: String) {
        self.name = name
        self.message = message
    }

    /// libdbus-1.so.3 could not be loaded.
    static let noLibrary = BlueZError(
        name: "org.corebluetooth.Error.NoLibDBus",
        message: "the BlueZ backend needs libdbus-1 (apt-get install libdbus-1-3)")

    /// A call made after the client closed its connection to bluetoothd (its manager went away).
    public static let closed = BlueZError(
        name: "org.corebluetooth.Error.Closed", message: "the connection to bluetoothd is closed")

    /// A message could not be built (names libdbus refused, or no memory).
    static let unbuildable = BlueZError(name: "org.freedesktop.DBus.Error.NoMemory", message: "message not built")

    /// The name and message, as one line.
    public var description: String { "\(name): \(message)" }

    /// The ATT error code BlueZ names in its message ("Operation failed with ATT error: 0x0e"), if any.
    public var attErrorCode: UInt8? {
        guard let range = message.range(of: "ATT error: 0x") else { return nil }
        let digits = message[range.upperBound...].prefix(2)
        return UInt8(digits, radix: 16)
    }
}

extension BlueZError {
    /// A read or write past the end of the value: bluetoothd answers the central Invalid Offset.
    public static let invalidOffset = BlueZError(name: "org.bluez.Error.InvalidOffset", message: "Invalid offset")
    /// A write of a value the app does not take: bluetoothd answers the central Write Not Permitted.
    public static let writeNotPermitted = BlueZError(
        name: "org.bluez.Error.NotPermitted", message: "Write not permitted")
}
