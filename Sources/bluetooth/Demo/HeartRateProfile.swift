import CoreBluetooth

/// The Heart Rate service the demo's sensor serves and its monitor looks for.
enum HeartRateProfile {
    static let service = CBUUID(string: "180D")
    static let measurement = CBUUID(string: "2A37")
    static let bodySensorLocation = CBUUID(string: "2A38")
    static let controlPoint = CBUUID(string: "2A39")
    static let sensorName = "Heart Rate Sensor"

    /// Body Sensor Location values, by the code the characteristic carries.
    static let locations = ["Other", "Chest", "Wrist", "Finger", "Hand", "Ear Lobe", "Foot"]

    /// The beats per minute in a Heart Rate Measurement: 8-bit, or 16-bit when flag bit 0 is set.
    static func beatsPerMinute(_ value: Data) -> Int? {
        let bytes = [UInt8](value)
        guard let flags = bytes.first else { return nil }
        if flags & 0x01 == 0 { return bytes.count >= 2 ? Int(bytes[1]) : nil }
        return bytes.count >= 3 ? Int(bytes[1]) | Int(bytes[2]) << 8 : nil
    }
}
