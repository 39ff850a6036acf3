import Host

/// A Bluetooth UUID naming a service, characteristic or descriptor, in the 16-, 32- or 128-bit form it was made in.
///
/// Equality and hashing use the 128-bit value, so `CBUUID(string: "180D")` equals
/// `CBUUID(string: "0000180D-0000-1000-8000-00805F9B34FB")`, while ``uuidString`` and ``data`` keep the form
/// each was made in. The class is `final` (Apple's is open) so that it can be checked `Sendable`: it is immutable,
/// and apps keep UUIDs in `static let`s.
///
/// Bluetooth Core Specification Vol 3, Part B, 2.5.1.
public final class CBUUID: NSObject, NSCopying, Sendable {
    /// The UUID as the host stack holds it; its bit width is the form the `CBUUID` was made in.
    package let bluetoothUUID: BluetoothUUID

    /// Wraps a host-stack UUID, keeping its form.
    package init(_ bluetoothUUID: BluetoothUUID) {
        self.bluetoothUUID = bluetoothUUID
    }

    /// Makes the 16-bit UUID 0x0000 (`uuidString` "0000", the Bluetooth Base UUID in 128 bits), so that
    /// `CBUUID()` compiles as it does against Apple's class, which inherits `init()` from `NSObject` and documents
    /// no value for it. Apps use it as a placeholder to replace; it names no service or attribute.
    public override convenience init() {
        self.init(BluetoothUUID(uuid16: 0))
    }

    /// Parses 4 hex digits (16-bit), 8 hex digits (32-bit) or the 36-character dashed form (128-bit),
    /// in either case and with an optional `0x` prefix; any other string stops the program, as Apple's raises.
    public convenience init(string theString: String) {
        var digits = Substring(theString)
        if digits.utf8.count >= 2, digits.prefix(2).lowercased() == "0x" {
            digits = digits.dropFirst(2)
        }
        guard let uuid = BluetoothUUID(string: String(digits)) else {
            preconditionFailure("String \(theString) does not represent a valid UUID")
        }
        self.init(uuid)
    }

    /// Reads a UUID from 2, 4 or 16 bytes in the order it is written (most significant byte first);
    /// any other length stops the program, as Apple's raises.
    public convenience init(data theData: Data) {
        let bytes = [UInt8](theData)
        var value: UInt128 = 0
        for byte in bytes {
            value = value << 8 | UInt128(byte)
        }
        switch bytes.count {
        case 2: self.init(BluetoothUUID(uuid16: UInt16(truncatingIfNeeded: value)))
        case 4: self.init(BluetoothUUID(uuid32: UInt32(truncatingIfNeeded: value)))
        case 16: self.init(BluetoothUUID(uuid128: value))
        default: preconditionFailure("Data \(theData.objectDescription) does not represent a valid UUID")
        }
    }

    /// Makes the 128-bit form of a Foundation UUID.
    public convenience init(nsuuid theUUID: UUID) {
        let bytes = theUUID.uuid
        let value = withUnsafeBytes(of: bytes) { buffer in
            buffer.reduce(UInt128(0)) { $0 << 8 | UInt128($1) }
        }
        self.init(BluetoothUUID(uuid128: value))
    }

    /// The UUID in upper case: 4 hex digits, 8 hex digits or 36 characters with dashes, by the form it was made in.
    public var uuidString: String {
        let value = bluetoothUUID.uuid128
        switch bluetoothUUID.bitWidth {
        case 16: return Self.hex(value >> 96, digits: 4)
        case 32: return Self.hex(value >> 96, digits: 8)
        default:
            let digits = Self.hex(value, digits: 32)
            var text = ""
            for (offset, character) in digits.enumerated() {
                if [8, 12, 16, 20].contains(offset) { text.append("-") }
                text.append(character)
            }
            return text
        }
    }

    /// The UUID's bytes, most significant first: 2, 4 or 16 of them, by the form it was made in.
    public var data: Data {
        let byteCount = bluetoothUUID.bitWidth / 8
        let value = byteCount == 16 ? bluetoothUUID.uuid128 : bluetoothUUID.uuid128 >> 96
        return Data((0..<byteCount).reversed().map { UInt8(truncatingIfNeeded: value >> (8 * UInt128($0))) })
    }

    /// The name Apple gives the UUID (e.g. "Heart Rate" for 180D), or ``uuidString`` when it has none.
    public override var description: String {
        Self.names[uuidString] ?? uuidString
    }

    /// Whether `object` is a `CBUUID` with the same 128-bit value, whatever the forms.
    @discardableResult
    public override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? CBUUID else { return false }
        return other.bluetoothUUID == bluetoothUUID
    }

    /// A hash of the 128-bit value: its two 64-bit halves combined by exclusive or, as Apple computes it.
    public override var hash: Int {
        let value = bluetoothUUID.uuid128
        return Int(truncatingIfNeeded: UInt64(truncatingIfNeeded: value >> 64) ^ UInt64(truncatingIfNeeded: value))
    }

    /// Returns the same instance: a `CBUUID` never changes.
    @discardableResult
    public func copy(with zone: NSZone? = nil) -> Any {
        self
    }

    private static func hex(_ value: UInt128, digits: Int) -> String {
        let text = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(digits - text.count, 0)) + text
    }
}
