import CoreBluetooth
import Foundation
import Testing

@testable import GATTFileFormat
@testable import bluetooth

@Suite("explore's report: the --json format, reading it back, and the tree people read", .timeLimit(.minutes(2)))
struct ExploreReportTests {
    static let report = ExploreReport(
        identifier: "6B1C5C4E-0D6A-4F4B-9C0E-1A2B3C4D5E6F", address: "AA:BB:CC:DD:EE:FF", name: "Thermometer",
        services: [
            ExploreReport.Service(
                uuid: "180F", isPrimary: false, includedServices: [],
                characteristics: [
                    ExploreReport.Characteristic(
                        uuid: "2A19", properties: ["read"], value: [0x55], error: nil, descriptors: [])
                ]),
            ExploreReport.Service(
                uuid: "1809", isPrimary: true, includedServices: ["180F"],
                characteristics: [
                    ExploreReport.Characteristic(
                        uuid: "2A21", properties: [.read, .write], value: [0x0A, 0x00], error: nil,
                        descriptors: [ExploreReport.Descriptor(uuid: "2901", value: Array("Me".utf8))]),
                    ExploreReport.Characteristic(
                        uuid: "2A1D", properties: ["read"], value: nil, error: "insufficientEncryption",
                        descriptors: []),
                    ExploreReport.Characteristic(
                        uuid: "2A1C", properties: ["indicate"], value: nil, error: nil,
                        descriptors: [ExploreReport.Descriptor(uuid: "2902", value: [0x00, 0x00])]),
                ]),
        ])

    @Test("--json output has DESIGN.md's keys in its order, hex values and null for what is missing")
    func jsonShape() {
        let compact = Self.report.jsonText(pretty: false)
        #expect(
            compact == #"{"identifier":"6B1C5C4E-0D6A-4F4B-9C0E-1A2B3C4D5E6F","address":"AA:BB:CC:DD:EE:FF","#
                + #""name":"Thermometer","services":[{"uuid":"180F","primary":false,"includedServices":[],"#
                + #""characteristics":[{"uuid":"2A19","properties":["read"],"value":"55","error":null,"descriptors":[]}]},"#
                + #"{"uuid":"1809","primary":true,"includedServices":["180F"],"characteristics":["#
                + #"{"uuid":"2A21","properties":["read","write"],"value":"0a00","error":null,"#
                + #""descriptors":[{"uuid":"2901","value":"4d65"}]},"#
                + #"{"uuid":"2A1D","properties":["read"],"value":null,"error":"insufficientEncryption","descriptors":[]},"#
                + #"{"uuid":"2A1C","properties":["indicate"],"value":null,"error":null,"#
                + #""descriptors":[{"uuid":"2902","value":"0000"}]}]}]}"#)
    }

    @Test("--json output parses with Foundation too, and an unknown address or name is null")
    func foundationReadsIt() throws {
        var report = Self.report
        report.address = nil
        report.name = nil
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(report.jsonText().utf8)) as? [String: Any])
        #expect(object["address"] is NSNull)
        #expect(object["name"] is NSNull)
        let services = try #require(object["services"] as? [[String: Any]])
        #expect(services.count == 2)
        #expect(services[1]["includedServices"] as? [String] == ["180F"])
    }

    @Test("reading --json output back gives the same report, pretty or compact")
    func roundTrip() throws {
        #expect(try ExploreReport(json: Array(Self.report.jsonText(pretty: true).utf8)) == Self.report)
        #expect(try ExploreReport(json: Array(Self.report.jsonText(pretty: false).utf8)) == Self.report)
    }

    @Test("reading --json output names the path of a bad element and ignores members it does not know")
    func readingErrors() throws {
        let extra = #"{"identifier":"X","future":1,"services":[{"uuid":"180F","primary":true,"x":[]}]}"#
        #expect(try ExploreReport(json: Array(extra.utf8)).services.first?.uuid == "180F")
        let bad =
            #"{"identifier":"X","services":[{"uuid":"180F","primary":true,"characteristics":[{"uuid":"2A19","value":"5"}]}]}"#
        #expect(throws: JSONFileError(path: "services[0].characteristics[0].value", message: "not hex: \"5\"")) {
            try ExploreReport(json: Array(bad.utf8))
        }
    }

    @Test("the tree names well-known UUIDs, shows values as hex and decodes known formats and refusals")
    func tree() {
        #expect(
            Self.report.treeText() == """
                "Thermometer" (AA:BB:CC:DD:EE:FF, identifier 6B1C5C4E-0D6A-4F4B-9C0E-1A2B3C4D5E6F), 2 services
                ├─ Service 180F Battery (secondary)
                │  └─ Characteristic 2A19 Battery Level [read]: 55 (85 %)
                └─ Service 1809 Health Thermometer (primary)
                   ├─ Includes 180F Battery
                   ├─ Characteristic 2A21 Measurement Interval [read, write]: 0a00 (10 s)
                   │  └─ Descriptor 2901 Characteristic User Description: 4d65 ("Me")
                   ├─ Characteristic 2A1D Temperature Type [read]: read refused (insufficientEncryption)
                   └─ Characteristic 2A1C Temperature Measurement [indicate]
                      └─ Descriptor 2902 Client Characteristic Configuration: 0000 (notifications off, indications off)
                """)
    }

    @Test("a characteristic's presentation format decodes its value in the tree")
    func treeUsesPresentationFormat() {
        let report = ExploreReport(
            identifier: "X", address: nil, name: nil,
            services: [
                ExploreReport.Service(
                    uuid: "FFF0", isPrimary: true, includedServices: [],
                    characteristics: [
                        ExploreReport.Characteristic(
                            uuid: "FFF1", properties: ["read"], value: [0x2A], error: nil,
                            descriptors: [
                                ExploreReport.Descriptor(
                                    uuid: "2904", value: [0x04, 0x00, 0xAD, 0x27, 0x01, 0x00, 0x00])
                            ])
                    ])
            ])
        #expect(report.treeText().contains("Characteristic FFF1 [read]: 2a (42 %)"))
        #expect(report.treeText().hasPrefix("Unnamed peripheral (identifier X), 1 service"))
    }

    @Test("errors are named by their CoreBluetooth code, or by their number for ATT codes without a case")
    func coreBluetoothHelpers() {
        #expect(ExploreReport.errorName(CBATTError(.insufficientEncryption)) == "insufficientEncryption")
        #expect(ExploreReport.errorName(CBATTError(.readNotPermitted)) == "readNotPermitted")
        #expect(ExploreReport.errorName(CBError(.peripheralDisconnected)) == "peripheralDisconnected")
        #expect(ExploreReport.errorName(NSError(domain: CBATTErrorDomain, code: 0x80)) == "attError(0x80)")
    }
}
