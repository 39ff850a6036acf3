import Host

extension CBUUID {
    /// The UUID BlueZ writes (128-bit, lower case), in its shortest form, as CoreBluetooth reports discovered
    /// UUIDs; nil for text that is no UUID.
    convenience init?(bluez text: String) {
        guard let uuid = BluetoothUUID(string: text) else { return nil }
        self.init(uuid.shortestForm)
    }

    /// The 128-bit, lower-case form BlueZ takes in discovery filters.
    var bluezString: String {
        let hex = String(bluetoothUUID.uuid128, radix: 16)
        let digits = Array(String(repeating: "0", count: 32 - hex.count) + hex)
        return [0..<8, 8..<12, 12..<16, 16..<20, 20..<32].map { String(digits[$0]) }.joined(separator: "-")
    }
}
