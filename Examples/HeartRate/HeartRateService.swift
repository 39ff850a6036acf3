import CoreBluetooth

/// The UUIDs and value formats of the Bluetooth SIG's Heart Rate service that both roles of the example share.
/// Heart Rate Service 1.0, 3; GATT Specification Supplement, 3.113 (Heart Rate Measurement).
enum HeartRateService {
    /// The Heart Rate service.
    static let service = CBUUID(string: "180D")
    /// Heart Rate Measurement: notified, never read.
    static let measurement = CBUUID(string: "2A37")
    /// Body Sensor Location: a static, readable byte.
    static let bodySensorLocation = CBUUID(string: "2A38")
    /// Heart Rate Control Point: written by the monitor.
    static let controlPoint = CBUUID(string: "2A39")

    /// The control point command that resets the energy expended.
    static let resetEnergyExpended = Data([0x01])

    /// The body sensor locations of the Body Sensor Location characteristic, by value.
    static let locations = ["Other", "Chest", "Wrist", "Finger", "Hand", "Ear Lobe", "Foot"]

    /// A Heart Rate Measurement value carrying `bpm` as an 8-bit value (flags 0: no contact, energy or RR data).
    static func measurementValue(bpm: UInt8) -> Data {
        Data([0x00, bpm])
    }

    /// The heart rate a Heart Rate Measurement value carries, in its 8- or 16-bit format; nil when it is too short.
    static func beatsPerMinute(in value: Data) -> Int? {
        let bytes = [UInt8](value)
        guard let flags = bytes.first else { return nil }
        if flags & 0x01 == 0 {
            return bytes.count >= 2 ? Int(bytes[1]) : nil
        }
        return bytes.count >= 3 ? Int(bytes[1]) | Int(bytes[2]) << 8 : nil
    }
}
