import CoreBluetooth
import Foundation
import Testing

@testable import bluetooth

@Suite("scan's table, lines and JSON", .timeLimit(.minutes(1)))
struct ScanTableTests {
    static func row(
        _ name: String, rssi: Int, address: [UInt8], type: UInt8, data: [String: Any] = [:]
    ) -> ScanTable.Row {
        var advertisement = data
        advertisement[CBAdvertisementDataLocalNameKey] = name
        let identifier = UUID(
            uuid: (
                0x42, 0x4C, 0x45, 0x00, 0x00, type, 0x80, 0x00, 0x80, 0x00, address[0], address[1], address[2],
                address[3], address[4], address[5]
            ))
        return ScanTable.Row(
            identifier: identifier,
            advertisement: CentralEvent.Advertisement(advertisement, rssi: NSNumber(value: rssi)))
    }

    static let beacon = row(
        "Beacon", rssi: -80, address: [0xC0, 1, 2, 3, 4, 5], type: 1,
        data: [
            CBAdvertisementDataManufacturerDataKey: Data([0x4C, 0x00, 0x02, 0x15]),
            CBAdvertisementDataTxPowerLevelKey: NSNumber(value: -8),
            CBAdvertisementDataIsConnectable: NSNumber(value: false),
        ])
    static let sensor = row(
        "Sensor", rssi: -40, address: [0x00, 0x1B, 0xDC, 0x01, 0x02, 0x03], type: 0,
        data: [
            CBAdvertisementDataServiceUUIDsKey: [CBUUID(string: "180D")],
            CBAdvertisementDataIsConnectable: NSNumber(value: true),
        ])

    @Test("the table's header fits 80 columns, and so does every row")
    func width() {
        var table = ScanTable()
        table.update(Self.row(String(repeating: "N", count: 40), rssi: -50, address: [1, 2, 3, 4, 5, 6], type: 0))
        #expect(ScanTable.header.count <= 80)
        #expect(table.redraw().split(separator: "\n").allSatisfy { $0.count <= 80 + 3 })
        #expect(table.sortedRows.allSatisfy { $0.tableLine.count <= 80 })
    }

    @Test("each redraw goes back over the table drawn before, never clearing the whole screen")
    func redrawInPlace() {
        var table = ScanTable()
        #expect(table.redraw() == ScanTable.header + "\u{1B}[K\n\u{1B}[J")
        table.update(Self.beacon)
        let second = table.redraw()
        #expect(second.hasPrefix("\r\u{1B}[1A" + ScanTable.header + "\u{1B}[K\n"))
        table.update(Self.sensor)
        let third = table.redraw()
        #expect(third.hasPrefix("\r\u{1B}[2A" + ScanTable.header + "\u{1B}[K\n"))
        #expect(third.hasSuffix(Self.beacon.tableLine + "\u{1B}[K\n\u{1B}[J"))
        #expect(![second, third].contains { $0.contains("\u{1B}[2J") || $0.contains("\u{1B}[H") })
    }

    @Test("the table lists the strongest signal first")
    func sortedByRSSI() {
        var table = ScanTable()
        table.update(Self.beacon)
        table.update(Self.sensor)
        #expect(table.sortedRows.map(\.advertisement.localName) == ["Sensor", "Beacon"])
    }

    @Test("a line gives the address type, connectable, TX power and the company of the manufacturer data")
    func lineDetails() {
        #expect(
            Self.beacon.line.hasSuffix(
                "C0:01:02:03:04:05 (random)  rssi -80  connectable no  tx -8  manufacturer 4c000215 (Apple)"),
            "\(Self.beacon.line)")
        #expect(Self.sensor.line.hasSuffix("00:1B:DC:01:02:03 (public)  rssi -40  connectable yes  services 180D"))
    }

    @Test("the JSON object carries the same details, numbers as numbers")
    func json() throws {
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(Self.beacon.json.utf8)) as? [String: Any])
        #expect(object["addressType"] as? String == "random")
        #expect(object["connectable"] as? Bool == false)
        #expect(object["txPowerLevel"] as? Int == -8)
        #expect(object["rssi"] as? Int == -80)
        #expect(object["company"] as? String == "Apple")
    }

    @Test("company identifiers not in the table give no name")
    func unknownCompany() {
        #expect(CompanyIdentifiers.name(of: 0x004C) == "Apple")
        #expect(CompanyIdentifiers.name(of: 0x0059) == "Nordic Semiconductor")
        #expect(CompanyIdentifiers.name(of: 0x7777) == nil)
    }
}
