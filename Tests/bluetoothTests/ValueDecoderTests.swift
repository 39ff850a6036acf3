import GATTFileFormat
import Testing

@testable import bluetooth

@Suite("Decoding well-known characteristic and descriptor values for explore", .timeLimit(.minutes(2)))
struct ValueDecoderTests {
    @Test(
        "well-known characteristic values read as a person would say them",
        arguments: [
            ("2A19", [0x55], "85 %"),
            ("2A37", [0x00, 0x48], "72 bpm"),
            ("2A37", [0x16, 0x48, 0x00, 0x04, 0x33, 0x03], "72 bpm, sensor contact, RR 1000 ms 800 ms"),
            ("2A37", [0x09, 0x2C, 0x01, 0x78, 0x00], "300 bpm, energy expended 120 kJ"),
            ("2A37", [0x04, 0x50], "80 bpm, no sensor contact"),
            ("2a00", Array("Heart Rate Sensor".utf8), "\"Heart Rate Sensor\""),
            ("2A29", Array("Acme\0".utf8), "\"Acme\""),
            ("2A01", [0x40, 0x03], "Heart Rate Sensor (0x0340)"),
            ("2A01", [0x45, 0x03], "Heart Rate Sensor, subcategory 5 (0x0345)"),
            ("2A1C", [0x00, 0x6E, 0x01, 0x00, 0xFF], "36.6 °C"),
            ("2A1C", [0x01, 0xFF, 0xFF, 0x7F, 0x00], "NaN °F"),
            (
                "2A1C", [0x06, 0x6E, 0x01, 0x00, 0xFF, 0xEA, 0x07, 0x0B, 0x16, 0x11, 0x1D, 0x21, 0x02],
                "36.6 °C, at 2026-11-22 17:29:33, type 2"
            ),
            ("2A50", [0x02, 0xAC, 0x05, 0x55, 0x02, 0x23, 0x01], "USB vendor 0x05AC, product 0x0255, version 1.2.3"),
            ("2A38", [0x01], "Chest"),
            ("2A21", [0x0A, 0x00], "10 s"),
            ("2A6E", [0x2E, 0xF6], "-25.14 °C"),
            (
                "2A04", [0x18, 0x00, 0x28, 0x00, 0x00, 0x00, 0xC8, 0x00],
                "interval 30.00–50.00 ms, latency 0, timeout 2000 ms"
            ),
            ("2A35", [0x00, 0x78, 0x00, 0x50, 0x00, 0x5D, 0x00], "120/80 mmHg, mean 93"),
        ] as [(String, [UInt8], String)])
    func characteristics(uuid: String, value: [UInt8], expected: String) {
        #expect(ValueDecoder.describe(characteristic: uuid, value: value) == expected)
    }

    @Test("bytes that do not fit a known format, or an unknown UUID without a format, are not decoded")
    func refusesMisfits() {
        #expect(ValueDecoder.describe(characteristic: "2A19", value: []) == nil)
        #expect(ValueDecoder.describe(characteristic: "2A19", value: [1, 2]) == nil)
        #expect(ValueDecoder.describe(characteristic: "2A37", value: [0x01, 0x48]) == nil)
        #expect(ValueDecoder.describe(characteristic: "2A00", value: [0xFF]) == nil)
        #expect(ValueDecoder.describe(characteristic: "FFF1", value: [1]) == nil)
    }

    @Test("a presentation format descriptor tells how to read an unknown characteristic")
    func presentationFormat() throws {
        let percent = try PresentationFormat(decoding: [0x04, 0x00, 0xAD, 0x27, 0x01, 0x00, 0x00])
        #expect(percent == PresentationFormat(format: 0x04, exponent: 0, unit: 0x27AD, namespace: 1, description: 0))
        #expect(percent.encoded == [0x04, 0x00, 0xAD, 0x27, 0x01, 0x00, 0x00])
        #expect(ValueDecoder.describe(characteristic: "FFF1", value: [0x2A], format: percent) == "42 %")
        let celsius = PresentationFormat(format: 0x0E, exponent: -2, unit: 0x272F, namespace: 1, description: 0)
        #expect(ValueDecoder.describe(characteristic: "FFF1", value: [0x2E, 0xF6], format: celsius) == "-25.14 °C")
        let text = PresentationFormat(format: 0x19, exponent: 0, unit: 0x2700, namespace: 1, description: 0)
        #expect(text.decode(Array("hi".utf8)) == "\"hi\"")
        let thousands = PresentationFormat(format: 0x06, exponent: 3, unit: 0x2701, namespace: 1, description: 0)
        #expect(thousands.decode([0x02, 0x00]) == "2000 m")
        let sint12 = PresentationFormat(format: 0x0D, exponent: -1, unit: 0x2700, namespace: 1, description: 0)
        #expect(sint12.decode([0xFF, 0x0F]) == "-0.1")
        #expect(percent.decode([1, 2]) == nil)
        #expect(throws: (any Error).self) { try PresentationFormat(decoding: [0x04, 0x00]) }
    }

    @Test(
        "descriptor values read as a person would say them",
        arguments: [
            ("2902", [0x01, 0x00], "notifications on, indications off"),
            ("2902", [0x02, 0x00], "notifications off, indications on"),
            ("2900", [0x01, 0x00], "reliable write"),
            ("2900", [0x00, 0x00], "none"),
            ("2903", [0x01, 0x00], "broadcasts on"),
            ("2901", Array("Measurement interval".utf8), "\"Measurement interval\""),
            (
                "2904", [0x04, 0x00, 0xAD, 0x27, 0x01, 0x00, 0x00],
                "uint8, exponent 0, unit 0x27AD (%), namespace 1, description 0x0000"
            ),
            ("2908", [0x01, 0x01], "report 1, input"),
        ] as [(String, [UInt8], String)])
    func descriptors(uuid: String, value: [UInt8], expected: String) {
        #expect(ValueDecoder.describe(descriptor: uuid, value: value) == expected)
    }

    @Test("a malformed descriptor value is not decoded")
    func malformedDescriptor() {
        #expect(ValueDecoder.describe(descriptor: "2902", value: [0x01]) == nil)
        #expect(ValueDecoder.describe(descriptor: "2902", value: [0x01, 0x00, 0x00]) == nil)
        #expect(ValueDecoder.describe(descriptor: "2904", value: [0x04]) == nil)
    }

    @Test(
        "IEEE 11073 FLOAT and SFLOAT values are written exactly, with their special values named",
        arguments: [
            (MedicalFloat.float(0xFF00_016E), "36.6"), (MedicalFloat.float(0x0000_03E8), "1000"),
            (MedicalFloat.float(0x02FF_FFFF), "-100"), (MedicalFloat.float(0x0080_0000), "NRes"),
            (MedicalFloat.float(0x007F_FFFE), "+INFINITY"), (MedicalFloat.sfloat(0xF16E), "36.6"),
            (MedicalFloat.sfloat(0x0802), "-INFINITY"), (MedicalFloat.sfloat(0x0FFF), "-1"),
            (MedicalFloat.decimal(mantissa: 5, exponent: -3), "0.005"),
        ])
    func medicalFloat(text: String, expected: String) {
        #expect(text == expected)
    }

    @Test("well-known UUIDs are named from the SIG table, then from CoreBluetooth's; unknown ones are not")
    func names() {
        #expect(AssignedNumbers.name(of: "180D") == "Heart Rate")
        #expect(AssignedNumbers.name(of: "2a37") == "Heart Rate Measurement")
        #expect(AssignedNumbers.name(of: "2904") == "Characteristic Presentation Format")
        #expect(AssignedNumbers.name(of: "2A01") == "Appearance")
        #expect(AssignedNumbers.name(of: "2BF3") == "Health Sensor Features")
        #expect(AssignedNumbers.name(of: "7905F431-B5CE-4E99-A40F-4B1E122D00D0") == "Apple Notification Center")
        #expect(AssignedNumbers.name(of: "FFF1") == nil)
        #expect(AssignedNumbers.name(of: "nonsense") == nil)
        for offset in 0...0x15 {
            let uuid = "29" + AttributeValueText.hex([UInt8(offset)]).uppercased()
            #expect(AssignedNumbers.name(of: uuid) != nil, "\(uuid)")
        }
    }
}
