import Testing

@testable import CoreBluetooth

@Suite("CBMutableDescriptor", .timeLimit(.minutes(2)))
struct CBMutableDescriptorTests {
    @Test("a User Description takes a String")
    func userDescription() {
        let descriptor = CBMutableDescriptor(type: CBUUID(string: "2901"), value: "Heart rate")
        #expect(descriptor.uuid == CBUUID(string: CBUUIDCharacteristicUserDescriptionString))
        #expect(descriptor.value as? String == "Heart rate")
        #expect(descriptor.characteristic == nil)
    }

    @Test(
        "Format, Valid Range and 128-bit descriptors take Data",
        arguments: [
            ("2904", 7), ("2906", 4), ("2906", 0), ("ABDD3056-28FA-441D-A470-55A75A52553A", 3),
        ])
    func dataDescriptors(uuid: String, length: Int) {
        let value = Data(repeating: 1, count: length)
        let descriptor = CBMutableDescriptor(type: CBUUID(string: uuid), value: value)
        #expect(descriptor.value as? Data == value)
    }

    @Test("other 16-bit descriptors take any value, as Apple does not check them")
    func uncheckedDescriptors() {
        #expect(CBMutableDescriptor(type: CBUUID(string: "2905"), value: nil).value == nil)
        #expect(CBMutableDescriptor(type: CBUUID(string: "2908"), value: NSNumber(value: 1)).value as? NSNumber == 1)
    }

    @Test("a value of the wrong type stops the program", arguments: [0, 1, 2, 3, 4])
    func wrongValueTypes(index: Int) async {
        await #expect(processExitsWith: .failure) { [index] in
            let cases: [(String, Any?)] = [
                ("2901", Data("Heart rate".utf8)),
                ("2901", nil),
                ("2904", "format"),
                ("2906", Data([1, 2, 3])),
                ("ABDD3056-28FA-441D-A470-55A75A52553A", "text"),
            ]
            _ = CBMutableDescriptor(type: CBUUID(string: cases[index].0), value: cases[index].1)
        }
    }

    @Test("description follows Apple's format")
    func description() {
        let descriptor = CBMutableDescriptor(type: CBUUID(string: "2901"), value: "Rate")
        #expect(descriptor.description.hasPrefix("<CBMutableDescriptor: 0x"))
        #expect(descriptor.description.hasSuffix(" UUID = Characteristic User Description, Value = Rate>"))
    }
}
