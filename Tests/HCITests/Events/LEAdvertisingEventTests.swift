import Testing

@testable import HCI

@Suite("LE advertising and scanning subevents", .timeLimit(.minutes(2)))
struct LEAdvertisingEventTests {
    let flagsAD: [UInt8] = [0x02, 0x01, 0x06]

    func legacyADVIND() throws -> LEAdvertisingReportEvent.Report {
        LEAdvertisingReportEvent.Report(
            eventType: .advInd, addressType: .public, address: try #require(BluetoothAddress("11:22:33:44:55:66")),
            data: flagsAD, rssi: -60)
    }

    @Test("LE Advertising Report with one ADV_IND report (Vol 4, Part E, 7.7.65.2)")
    func advertisingReportOne() throws {
        let event = LEAdvertisingReportEvent(reports: [try legacyADVIND()])
        try assertLEMetaEventCodec(
            event, packet: "3E 0F 02 01 00 00 66 55 44 33 22 11 03 02 01 06 C4", known: .advertisingReport(event))
    }

    @Test("LE Advertising Report with two reports keeps each report's fields together")
    func advertisingReportTwo() throws {
        let scanResponse = LEAdvertisingReportEvent.Report(
            eventType: .scanRsp, addressType: .random, address: try #require(BluetoothAddress("C0:11:22:33:44:55")),
            data: [0x05, 0x09] + Array("Test".utf8), rssi: -70)
        let event = LEAdvertisingReportEvent(reports: [try legacyADVIND(), scanResponse])
        try assertLEMetaEventCodec(
            event,
            packet: """
                3E 1F 02 02
                00 00 66 55 44 33 22 11 03 02 01 06 C4
                04 01 55 44 33 22 11 C0 06 05 09 54 65 73 74 BA
                """,
            known: .advertisingReport(event))
    }

    @Test("LE Advertising Report with no data and RSSI not available")
    func advertisingReportEmptyData() throws {
        let event = LEAdvertisingReportEvent(reports: [
            .init(eventType: .advNonconnInd, addressType: .random, address: .zero, data: [], rssi: 127)
        ])
        try assertLEMetaEventCodec(
            event, packet: "3E 0C 02 01 03 01 00 00 00 00 00 00 00 7F", known: .advertisingReport(event))
    }

    @Test("LE Advertising Report rejects zero or more than 25 reports, and data longer than 31 octets")
    func advertisingReportBounds() throws {
        #expect(throws: DecodeError.invalidValue(field: "Num_Reports", raw: 0)) {
            try LEAdvertisingReportEvent(decoding: [0x00])
        }
        #expect(throws: DecodeError.invalidValue(field: "Num_Reports", raw: 26)) {
            try LEAdvertisingReportEvent(decoding: [26] + [UInt8](repeating: 0, count: 250))
        }
        let longData = try eventBytes("01 00 00 66 55 44 33 22 11 20") + [UInt8](repeating: 0xAA, count: 32) + [0xC4]
        #expect(throws: DecodeError.invalidValue(field: "Data_Length", raw: 32)) {
            try LEAdvertisingReportEvent(decoding: longData)
        }
    }

    @Test("LE Extended Advertising Report with one legacy ADV_IND report (Vol 4, Part E, 7.7.65.13)")
    func extendedAdvertisingReportLegacy() throws {
        let event = LEExtendedAdvertisingReportEvent(reports: [
            .init(
                eventType: [.legacy, .connectable, .scannable], addressType: .public,
                address: try #require(BluetoothAddress("11:22:33:44:55:66")), primaryPHY: .le1M,
                secondaryPHY: PHY(rawValue: 0), advertisingSID: 0xFF, txPower: 127, rssi: -55,
                periodicAdvertisingInterval: 0, directAddressType: .public, directAddress: .zero, data: flagsAD)
        ])
        try assertLEMetaEventCodec(
            event,
            packet: """
                3E 1D 0D 01
                13 00 00 66 55 44 33 22 11 01 00 FF 7F C9 00 00 00 00 00 00 00 00 00 03 02 01 06
                """,
            known: .extendedAdvertisingReport(event))
    }

    @Test("LE Extended Advertising Report with two reports keeps each report's fields together")
    func extendedAdvertisingReportTwo() throws {
        let advertiser = try #require(BluetoothAddress("C0:11:22:33:44:55"))
        var directed: ExtendedAdvertisingEventType = [.connectable, .directed]
        directed.dataStatus = .incomplete
        var scanResponse: ExtendedAdvertisingEventType = [.scannable, .scanResponse]
        scanResponse.dataStatus = .truncated
        let event = LEExtendedAdvertisingReportEvent(reports: [
            .init(
                eventType: directed, addressType: .random, address: advertiser, primaryPHY: .leCoded,
                secondaryPHY: .le2M, advertisingSID: 0x05, txPower: -4, rssi: -80, periodicAdvertisingInterval: 0x0050,
                directAddressType: .random, directAddress: try #require(BluetoothAddress("4A:5B:6C:7D:8E:9F")),
                data: [0xAA, 0xBB]),
            .init(
                eventType: scanResponse, addressType: .random, address: advertiser, primaryPHY: .leCoded,
                secondaryPHY: .le2M, advertisingSID: 0x05, txPower: 127, rssi: -80, periodicAdvertisingInterval: 0,
                directAddressType: .public, directAddress: .zero, data: []),
        ])
        try assertLEMetaEventCodec(
            event,
            packet: """
                3E 34 0D 02
                25 00 01 55 44 33 22 11 C0 03 02 05 FC B0 50 00 01 9F 8E 7D 6C 5B 4A 02 AA BB
                4A 00 01 55 44 33 22 11 C0 03 02 05 7F B0 00 00 00 00 00 00 00 00 00 00
                """,
            known: .extendedAdvertisingReport(event))
    }

    @Test("LE Extended Advertising Report decodes a report whose 229 data octets fill the event")
    func extendedAdvertisingReportFull() throws {
        let data = (0..<229).map { UInt8(truncatingIfNeeded: $0) }
        let parameters =
            try eventBytes("01 10 00 00 00 00 00 00 00 00 01 00 FF 7F 7F 00 00 00 00 00 00 00 00 00 E5")
            + data
        let packet = HCIEventPacket(code: .leMeta, parameters: [0x0D] + parameters)
        #expect(packet.parameters.count == 255)
        guard case .leMeta(.extendedAdvertisingReport(let event)) = try KnownEvent(packet) else {
            Issue.record("not decoded as an extended advertising report")
            return
        }
        #expect(event.reports.map(\.data) == [data])
        #expect(event.reports.first?.eventType == .legacy)
        #expect(event.encoded == parameters)
    }

    @Test("LE Extended Advertising Report rejects zero reports")
    func extendedAdvertisingReportZero() {
        #expect(throws: DecodeError.invalidValue(field: "Num_Reports", raw: 0)) {
            try LEExtendedAdvertisingReportEvent(decoding: [0x00])
        }
    }

    @Test("extended event type exposes bits 0-4 as options and bits 5-6 as the data status")
    func extendedEventTypeBits() {
        let legacyScanResponse = ExtendedAdvertisingEventType(rawValue: 0b001_1011)
        #expect(legacyScanResponse == [.legacy, .scanResponse, .scannable, .connectable])
        #expect(legacyScanResponse.dataStatus == .complete)
        #expect(ExtendedAdvertisingEventType(rawValue: 0x0020).dataStatus == .incomplete)
        #expect(ExtendedAdvertisingEventType(rawValue: 0x0040).dataStatus == .truncated)
        #expect(ExtendedAdvertisingEventType(rawValue: 0x0060).dataStatus.rawValue == 0b11)
        var type: ExtendedAdvertisingEventType = [.connectable]
        type.dataStatus = .truncated
        #expect(type.rawValue == 0x0041)
        type.dataStatus = .complete
        #expect(type.rawValue == 0x0001)
    }

    @Test("LE Scan Timeout has no parameters (Vol 4, Part E, 7.7.65.17)")
    func scanTimeout() throws {
        let event = LEScanTimeoutEvent()
        try assertLEMetaEventCodec(event, packet: "3E 01 11", known: .scanTimeout(event))
    }

    @Test("LE Advertising Set Terminated by a connection carries the new handle (7.7.65.18)")
    func advertisingSetTerminatedByConnection() throws {
        let event = LEAdvertisingSetTerminatedEvent(
            status: .success, advertisingHandle: 0x01, handle: ConnectionHandle(rawValue: 0x0040),
            numCompletedExtendedAdvertisingEvents: 0)
        try assertLEMetaEventCodec(event, packet: "3E 06 12 00 01 40 00 00", known: .advertisingSetTerminated(event))
    }

    @Test("LE Advertising Set Terminated by a timeout decodes with the unset handle 0xFFFF")
    func advertisingSetTerminatedByTimeout() throws {
        let event = LEAdvertisingSetTerminatedEvent(
            status: .advertisingTimeout, advertisingHandle: 0x01, handle: ConnectionHandle(rawValue: 0xFFFF),
            numCompletedExtendedAdvertisingEvents: 5)
        try assertLEMetaEventCodec(event, packet: "3E 06 12 3C 01 FF FF 05", known: .advertisingSetTerminated(event))
    }

    @Test("LE Scan Request Received carries the set and the scanner's address (7.7.65.19)")
    func scanRequestReceived() throws {
        let event = LEScanRequestReceivedEvent(
            advertisingHandle: 0x00, scannerAddressType: .random,
            scannerAddress: try #require(BluetoothAddress("C0:11:22:33:44:55")))
        try assertLEMetaEventCodec(
            event, packet: "3E 09 13 00 01 55 44 33 22 11 C0", known: .scanRequestReceived(event))
    }
}
