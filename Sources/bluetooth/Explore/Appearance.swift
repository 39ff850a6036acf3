import GATTFileFormat
/// Names of GAP Appearance values: a category in the upper ten bits and a subcategory in the lower six.
///
/// Bluetooth Assigned Numbers 2.6.
enum Appearance {
    /// The appearance in words with its number, e.g. "Heart Rate Sensor (0x0340)".
    static func describe(_ value: UInt16) -> String {
        let hex = AttributeValueText.hex([UInt8(value >> 8), UInt8(value & 0xFF)]).uppercased()
        if let name = names[value] {
            return "\(name) (0x\(hex))"
        }
        if let category = names[value & 0xFFC0] {
            return "\(category), subcategory \(value & 0x3F) (0x\(hex))"
        }
        return "category \(value >> 6), subcategory \(value & 0x3F) (0x\(hex))"
    }

    private static let names: [UInt16: String] = [
        0x0000: "Unknown", 0x0040: "Phone", 0x0080: "Computer", 0x00C0: "Watch", 0x00C1: "Sports Watch",
        0x0100: "Clock", 0x0140: "Display", 0x0180: "Remote Control", 0x01C0: "Eye-glasses", 0x0200: "Tag",
        0x0240: "Keyring", 0x0280: "Media Player", 0x02C0: "Barcode Scanner", 0x0300: "Thermometer",
        0x0301: "Ear Thermometer", 0x0340: "Heart Rate Sensor", 0x0341: "Heart Rate Belt",
        0x0380: "Blood Pressure", 0x0381: "Arm Blood Pressure", 0x0382: "Wrist Blood Pressure",
        0x03C0: "Human Interface Device", 0x03C1: "Keyboard", 0x03C2: "Mouse", 0x03C3: "Joystick",
        0x03C4: "Gamepad", 0x03C5: "Digitizer Tablet", 0x03C6: "Card Reader", 0x03C7: "Digital Pen",
        0x03C8: "Barcode Scanner", 0x0400: "Glucose Meter", 0x0440: "Running Walking Sensor",
        0x0480: "Cycling", 0x0481: "Cycling Computer", 0x0482: "Speed Sensor", 0x0483: "Cadence Sensor",
        0x0484: "Power Sensor", 0x0485: "Speed and Cadence Sensor", 0x0C40: "Pulse Oximeter",
        0x0C80: "Weight Scale",
    ]
}
