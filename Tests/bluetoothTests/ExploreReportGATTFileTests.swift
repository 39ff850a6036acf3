import GATTFileFormat
import Testing

@testable import bluetooth

@Suite("Comparing an explore report with the GATT file it explored", .timeLimit(.minutes(2)))
struct ExploreReportGATTFileTests {
    static let file = """
        { "services": [
            { "uuid": "180F", "characteristics": [
                { "uuid": "2A19", "properties": ["read", "notify"], "permissions": ["readable"], "initialValue": "55",
                  "notify": { "intervalMs": 100, "values": ["54", "53"] },
                  "descriptors": [ { "uuid": "2901", "value": "text:Level" } ] } ] },
            { "uuid": "1809", "includes": ["180F"], "characteristics": [
                { "uuid": "2A1D", "properties": ["read"], "permissions": ["readEncryptionRequired"], "value": "02" },
                { "uuid": "2A1C", "properties": ["indicateEncryptionRequired"], "permissions": [] } ] } ] }
        """

    static func report(batteryValue: [UInt8]?, includes: [String] = ["180F"], primary: Bool = true) -> ExploreReport {
        ExploreReport(
            identifier: "X", address: nil, name: nil,
            services: [
                ExploreReport.Service(
                    uuid: "1800", isPrimary: true, includedServices: [],
                    characteristics: [
                        ExploreReport.Characteristic(
                            uuid: "2A00", properties: ["read"], value: [0x41], error: nil, descriptors: [])
                    ]),
                ExploreReport.Service(
                    uuid: "180F", isPrimary: primary, includedServices: [],
                    characteristics: [
                        ExploreReport.Characteristic(
                            uuid: "2A19", properties: ["read", "notify"], value: batteryValue, error: nil,
                            descriptors: [
                                ExploreReport.Descriptor(uuid: "2901", value: Array("Level".utf8)),
                                ExploreReport.Descriptor(uuid: "2902", value: [0, 0]),
                            ])
                    ]),
                ExploreReport.Service(
                    uuid: "1809", isPrimary: true, includedServices: includes,
                    characteristics: [
                        ExploreReport.Characteristic(
                            uuid: "2A1D", properties: ["read"], value: nil, error: "insufficientEncryption",
                            descriptors: []),
                        ExploreReport.Characteristic(
                            uuid: "2A1C", properties: ["indicate"], value: nil, error: nil, descriptors: []),
                    ]),
            ])
    }

    @Test("a report of the file's peripheral agrees with it, beside the stack's own services and descriptors")
    func agrees() throws {
        let file = try GATTFile(json: Array(Self.file.utf8))
        #expect(Self.report(batteryValue: [0x55]).mismatches(against: file) == [])
        #expect(Self.report(batteryValue: [0x53]).mismatches(against: file) == [])
    }

    @Test("each difference is named by the file's path")
    func differences() throws {
        let file = try GATTFile(json: Array(Self.file.utf8))
        #expect(
            Self.report(batteryValue: [0x10], includes: [], primary: false).mismatches(against: file) == [
                "services[0].primary: file says true, explore found false",
                "services[0].characteristics[0].value: file says 55, explore found 10",
                #"services[1].includes: file says ["180F"], explore found []"#,
            ])
        #expect(
            Self.report(batteryValue: nil).mismatches(against: file) == [
                "services[0].characteristics[0].value: file says 55, explore read nothing"
            ])
        var missing = Self.report(batteryValue: [0x55])
        missing.services[1].characteristics[0].descriptors.removeFirst()
        missing.services[2].characteristics.removeLast()
        #expect(
            missing.mismatches(against: file) == [
                "services[0].characteristics[0].descriptors[0]: descriptor 2901 not found",
                "services[1].characteristics[1]: characteristic 2A1C not found",
            ])
    }
}

@Suite("Building an explore report from CoreBluetooth objects", .timeLimit(.minutes(2)))
struct ExploreReportCoreBluetoothTests {
    @Test("a tree of CoreBluetooth objects made from a GATT file reports what the file says")
    func reportsCoreBluetoothTree() throws {
        let file = try GATTFile(json: Array(GATTFileTests.thermometer.utf8))
        let services = file.makeServices()
        let report = ExploreReport(
            identifier: "X", address: "AA:BB:CC:DD:EE:FF", name: "Thermometer", services: services,
            readError: { $0.uuid.uuidString == "2A1D" ? "insufficientEncryption" : nil })
        #expect(report.services.map(\.uuid) == ["180F", "1809"])
        #expect(report.services[1].includedServices == ["180F"])
        #expect(report.services[1].characteristics.map(\.properties) == [["indicate"], ["read", "write"], ["read"]])
        #expect(report.services[1].characteristics[2].error == "insufficientEncryption")
        #expect(report.services[1].characteristics[1].descriptors.first?.value == Array("Measurement interval".utf8))
        #expect(report.services[0].characteristics[0].value == [0x55])
        let dynamicValuesUnread = report.mismatches(against: file)
        #expect(dynamicValuesUnread == ["services[1].characteristics[1].value: file says 0a00, explore read nothing"])
    }

    @Test("DESIGN.md's example services are refused: its 2A21 has a static value with the write property")
    func designExampleBreaksStaticRule() {
        let example = """
            {
              "name": "Thermometer",
              "advertise": { "services": ["1809"] },
              "services": [
                { "uuid": "1809", "primary": true,
                  "includes": [],
                  "characteristics": [
                    { "uuid": "2A1C", "properties": ["indicate"], "permissions": ["readable"],
                      "notify": { "intervalMs": 1000, "values": ["00e8030000"] } },
                    { "uuid": "2A21", "properties": ["read", "write"],
                      "permissions": ["readable", "writeable"], "value": "0a00",
                      "descriptors": [ { "uuid": "2901", "value": "text:Measurement interval" } ] },
                    { "uuid": "2A1D", "properties": ["read"], "permissions": ["readEncryptionRequired"],
                      "initialValue": "02" }
                  ] }
              ]
            }
            """
        #expect(
            GATTFileTests.error(example)
                == "services[0].characteristics[1].properties[1]: 'write' does not fit a static value: a \"value\" "
                + "makes the characteristic static and read-only, so only 'read' fits; use \"initialValue\" for a "
                + "value that changes")
        #expect(
            GATTFileTests.error(example.replacingOccurrences(of: #""value": "0a00""#, with: #""initialValue": "0a00""#))
                == nil)
    }
}
