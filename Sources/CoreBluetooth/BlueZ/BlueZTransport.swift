import BlueZ
import Foundation

/// The transport specs that put a manager on bluetoothd instead of our host stack: `bluez` (adapter `hci0`) and
/// `bluez:hciN`.
package enum BlueZTransport {
    /// The adapter a spec names (`hci0` for plain `bluez`), or nil when the spec is not a BlueZ one.
    package static func adapter(in spec: String) -> String? {
        if spec == "bluez" { return "hci0" }
        guard spec.hasPrefix("bluez:") else { return nil }
        let adapter = String(spec.dropFirst("bluez:".count))
        guard adapter.hasPrefix("hci"), let index = Int(adapter.dropFirst(3)), index >= 0 else { return nil }
        return adapter
    }

    /// The adapter a manager's options (``CBManagerOptionTransportKey``) or `BLUETOOTH_TRANSPORT` put it on, or nil
    /// when the manager runs on our host stack.
    static func adapter(options: [String: Any]?) -> String? {
        let text =
            options?[CBManagerOptionTransportKey] as? String
            ?? ProcessInfo.processInfo.environment["BLUETOOTH_TRANSPORT"]
        return text.flatMap(adapter(in:))
    }

    /// Why bluetoothd's adapter cannot be used (no libdbus, no system bus, no bluetoothd, no such adapter), or nil
    /// when it can.
    package static func problem(adapter: String) async -> String? {
        do throws(BlueZError) {
            try await BlueZClient(adapter: adapter).close()
            return nil
        } catch {
            return "transport 'bluez:\(adapter)': \(error.message)"
        }
    }
}
