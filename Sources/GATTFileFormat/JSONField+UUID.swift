import CoreBluetooth
import Host

extension JSONField {
    /// The value as a UUID written as CBUUID prints it: 4 or 8 hex digits, or 36 characters with dashes, either case.
    package func uuid() throws(JSONFileError) -> CBUUID {
        let text = try string()
        guard let uuid = BluetoothUUID(string: text) else {
            throw failure(
                "not a UUID: \"\(text)\" (write 4 or 8 hex digits, or 36 characters with dashes, e.g. \"180D\")")
        }
        return CBUUID(uuid)
    }
}
