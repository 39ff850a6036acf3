import HCI
import Host
import Testing

@Suite("GATT client primary service discovery", .timeLimit(.minutes(2)))
struct GATTClientServiceDiscoveryTests {
    typealias PDU = GATTClientPDU
    private func h(_ raw: UInt16) -> AttributeHandle { PDU.h(raw) }

    static let nordicUART = BluetoothUUID(uuid128: 0x6E40_0001_B5A3_F393_E0A9_E50E_24DC_CA9E)
    static var nordicUARTWire: [UInt8] {
        var writer = ByteWriter()
        nordicUART.encode(into: &writer)
        return writer.bytes
    }

    @Test("Discover All Primary Services (GATT/CL/GAD/BV-01-C) continues from one past each last group")
    func discoverAll() {
        let run = GATTClientDriver.run(
            GATTClientDiscoverAllPrimaryServices(),
            script: [
                (
                    PDU.readByGroupType(0x0001, 0xFFFF),
                    PDU.groups([(0x0001, 0x0005, PDU.uuid16(0x1800)), (0x0006, 0x0009, PDU.uuid16(0x180F))])
                ),
                (PDU.readByGroupType(0x000A, 0xFFFF), PDU.groups([(0x000A, 0x0010, Self.nordicUARTWire)])),
                (PDU.readByGroupType(0x0011, 0xFFFF), PDU.error(.readByGroupTypeRequest, 0x0011, .attributeNotFound)),
            ])
        #expect(
            run.result == [
                DiscoveredService(uuid: BluetoothUUID(uuid16: 0x1800), handleRange: h(0x0001)...h(0x0005)),
                DiscoveredService(uuid: BluetoothUUID(uuid16: 0x180F), handleRange: h(0x0006)...h(0x0009)),
                DiscoveredService(uuid: Self.nordicUART, handleRange: h(0x000A)...h(0x0010)),
            ])
    }

    @Test("Attribute Not Found on the first request means the server has no primary services")
    func noServices() {
        let run = GATTClientDriver.run(
            GATTClientDiscoverAllPrimaryServices(),
            script: [
                (PDU.readByGroupType(0x0001, 0xFFFF), PDU.error(.readByGroupTypeRequest, 0x0001, .attributeNotFound))
            ])
        #expect(run.result == [])
    }

    @Test("a group ending at 0xFFFF ends discovery without another request")
    func groupReachesEnd() {
        let run = GATTClientDriver.run(
            GATTClientDiscoverAllPrimaryServices(),
            script: [(PDU.readByGroupType(0x0001, 0xFFFF), PDU.groups([(0x0001, 0xFFFF, PDU.uuid16(0x1800))]))])
        #expect(
            run.result == [DiscoveredService(uuid: BluetoothUUID(uuid16: 0x1800), handleRange: h(0x0001)...h(0xFFFF))])
    }

    @Test("discovery over part of the database asks only for that range")
    func partialRange() {
        let run = GATTClientDriver.run(
            GATTClientDiscoverAllPrimaryServices(range: h(0x0010)...h(0x0020)),
            script: [
                (PDU.readByGroupType(0x0010, 0x0020), PDU.groups([(0x0010, 0x0018, PDU.uuid16(0x180D))])),
                (PDU.readByGroupType(0x0019, 0x0020), PDU.error(.readByGroupTypeRequest, 0x0019, .attributeNotFound)),
            ])
        #expect(run.result?.map(\.handleRange) == [h(0x0010)...h(0x0018)])
    }

    struct RoundTrips: Sendable, CustomTestStringConvertible {
        let services: Int
        let uuid128: Bool
        let mtu: Int
        let requests: Int
        var testDescription: String {
            "\(services) \(uuid128 ? "128" : "16")-bit services at MTU \(mtu): \(requests) requests"
        }
    }

    @Test(
        "discovery takes one request per full response plus the one that finds nothing",
        arguments: [
            // 16-bit entries are 6 bytes: 3 fit in MTU 23 (21 bytes of data), 85 in MTU 517.
            RoundTrips(services: 10, uuid128: false, mtu: 23, requests: 4 + 1),
            RoundTrips(services: 10, uuid128: false, mtu: 517, requests: 1 + 1),
            RoundTrips(services: 100, uuid128: false, mtu: 23, requests: 34 + 1),
            RoundTrips(services: 100, uuid128: false, mtu: 517, requests: 2 + 1),
            // 128-bit entries are 20 bytes: 1 fits in MTU 23, 25 in MTU 517.
            RoundTrips(services: 10, uuid128: true, mtu: 23, requests: 10 + 1),
            RoundTrips(services: 10, uuid128: true, mtu: 517, requests: 1 + 1),
            RoundTrips(services: 60, uuid128: true, mtu: 517, requests: 3 + 1),
        ])
    func roundTrips(_ scenario: RoundTrips) throws {
        var server = GATTClientTestServer(mtu: scenario.mtu)
        var expected: [BluetoothUUID] = []
        for index in 0..<scenario.services {
            let uuid =
                scenario.uuid128
                ? BluetoothUUID(uuid128: Self.nordicUART.uuid128 + UInt128(index) << 96)
                : BluetoothUUID(uuid16: 0x1800 + UInt16(index))
            server.addService(uuid)
            server.addCharacteristic(BluetoothUUID(uuid16: 0x2A00), value: [0x01])
            expected.append(uuid)
        }
        let run = GATTClientDriver.run(GATTClientDiscoverAllPrimaryServices(), on: &server)
        let services = try #require(run.result)
        #expect(services.map(\.uuid) == expected)
        #expect(services.last?.handleRange.upperBound == server.lastHandle)
        #expect(run.requests.count == scenario.requests)
    }

    @Test("a last service whose group runs to 0xFFFF saves the final request")
    func lastGroupToEndSavesRequest() {
        var server = GATTClientTestServer(mtu: 23)
        for index in 0..<6 {
            server.addService(BluetoothUUID(uuid16: 0x1800 + UInt16(index)))
        }
        server.extendLastGroupToEnd()
        let run = GATTClientDriver.run(GATTClientDiscoverAllPrimaryServices(), on: &server)
        #expect(run.result?.count == 6)
        #expect(run.requests.count == 2)
    }

    @Test("a server that repeats its response fails with the handle that did not advance instead of looping")
    func repeatingServer() {
        let run = GATTClientDriver.run(GATTClientDiscoverAllPrimaryServices()) { _ in
            PDU.groups([(0x0001, 0x0005, PDU.uuid16(0x1800))])
        }
        #expect(run.error == .handleNotAdvanced(h(0x0001)))
        #expect(run.requests.count == 2)
    }

    @Test("a server that answers every request with the group just before it fails instead of looping")
    func backwardsServer() {
        let run = GATTClientDriver.run(GATTClientDiscoverAllPrimaryServices()) { request in
            guard case .readByGroupTypeRequest(let request) = request else { return PDU.executed }
            let start = request.startingHandle.rawValue
            return PDU.groups([(start, start, PDU.uuid16(0x1800)), (start - 1, start + 1, PDU.uuid16(0x1801))])
        }
        #expect(run.error == .invalidResponse("handle 0x0000 does not follow 0x0001"))
        #expect(run.requests.count == 1)
    }

    @Test(
        "groups that overlap, end before they start or lie past the range are invalid",
        arguments: [
            [(UInt16(0x0001), UInt16(0x0005)), (0x0005, 0x0008)],
            [(0x0003, 0x0002)],
            [(0x0001, 0x0004), (0x0003, 0x0008)],
        ])
    func inconsistentGroups(groups: [(UInt16, UInt16)]) {
        let run = GATTClientDriver.run(
            GATTClientDiscoverAllPrimaryServices(),
            script: [(PDU.readByGroupType(0x0001, 0xFFFF), PDU.groups(groups.map { ($0.0, $0.1, PDU.uuid16(0x1800)) }))]
        )
        guard case .invalidResponse? = run.error else {
            Issue.record("expected an invalid response, got \(String(describing: run.outcome))")
            return
        }
    }

    @Test("a group past the requested range is invalid")
    func groupPastRange() {
        let run = GATTClientDriver.run(
            GATTClientDiscoverAllPrimaryServices(range: h(0x0001)...h(0x0010)),
            script: [(PDU.readByGroupType(0x0001, 0x0010), PDU.groups([(0x0011, 0x0012, PDU.uuid16(0x1800))]))])
        #expect(run.error == .invalidResponse("handle 0x0011 lies past the requested end 0x0010"))
    }

    @Test("a service UUID of neither 2 nor 16 bytes is invalid")
    func oddUUIDLength() {
        let run = GATTClientDriver.run(
            GATTClientDiscoverAllPrimaryServices(),
            script: [(PDU.readByGroupType(0x0001, 0xFFFF), PDU.groups([(0x0001, 0x0002, [0x0D, 0x18, 0x00, 0x00])]))])
        #expect(run.error == .invalidResponse("service UUID of 4 bytes"))
    }

    @Test("an Error Response other than Attribute Not Found fails with its code and handle")
    func errorFails() {
        let run = GATTClientDriver.run(
            GATTClientDiscoverAllPrimaryServices(),
            script: [
                (PDU.readByGroupType(0x0001, 0xFFFF), PDU.groups([(0x0001, 0x0005, PDU.uuid16(0x1800))])),
                (
                    PDU.readByGroupType(0x0006, 0xFFFF),
                    PDU.error(.readByGroupTypeRequest, 0x0006, .insufficientResources)
                ),
            ])
        #expect(run.error == .attError(.insufficientResources, handle: h(0x0006)))
    }

    @Test("a response of another kind, or an Error Response to another request, is unexpected")
    func unexpected() {
        for answer in [
            ATTPDU.readResponse(ATTReadResponse(value: [])),
            PDU.error(.readByTypeRequest, 0x0001, .attributeNotFound),
        ] {
            let run = GATTClientDriver.run(
                GATTClientDiscoverAllPrimaryServices(), script: [(PDU.readByGroupType(0x0001, 0xFFFF), answer)])
            #expect(run.error == .unexpectedResponse(answer.opcode))
        }
    }

    @Test("a response before the procedure starts or after it ends is unexpected")
    func outOfTurn() {
        var procedure = GATTClientDiscoverAllPrimaryServices()
        let response = PDU.groups([(0x0001, 0xFFFF, PDU.uuid16(0x1800))])
        #expect(procedure.received(response) == .failed(.unexpectedResponse(.readByGroupTypeResponse)))
        _ = procedure.start()
        guard case .finished = procedure.received(response) else {
            Issue.record("the first response did not finish discovery")
            return
        }
        #expect(procedure.received(response) == .failed(.unexpectedResponse(.readByGroupTypeResponse)))
    }

    @Test("Discover Primary Services By Service UUID (GATT/CL/GAD/BV-02-C) sends a 16-bit UUID in 2 bytes")
    func discoverByUUID16() {
        let find = { (start: UInt16) in
            ATTPDU.findByTypeValueRequest(
                ATTFindByTypeValueRequest(
                    startingHandle: self.h(start), endingHandle: .max, attributeType: 0x2800,
                    attributeValue: [0x0F, 0x18]))
        }
        let found = { (spans: [(UInt16, UInt16)]) in
            ATTPDU.findByTypeValueResponse(
                ATTFindByTypeValueResponse(
                    handlesInformation: spans.map {
                        .init(foundAttributeHandle: self.h($0.0), groupEndHandle: self.h($0.1))
                    }))
        }
        let run = GATTClientDriver.run(
            GATTClientDiscoverPrimaryServicesByUUID(
                uuid: BluetoothUUID(uuid128: BluetoothUUID(uuid16: 0x180F).uuid128)),
            script: [
                (find(0x0001), found([(0x0005, 0x0008), (0x0010, 0x0012)])),
                (find(0x0013), found([(0x0020, 0xFFFF)])),
            ])
        #expect(
            run.result?.map(\.handleRange) == [h(0x0005)...h(0x0008), h(0x0010)...h(0x0012), h(0x0020)...h(0xFFFF)])
        #expect(run.result?.allSatisfy { $0.uuid == BluetoothUUID(uuid16: 0x180F) && $0.isPrimary } == true)
    }

    @Test("Discover Primary Services By Service UUID finds only the matching services, ending on Attribute Not Found")
    func discoverByUUID128() {
        var server = GATTClientTestServer(mtu: 23)
        server.addService(BluetoothUUID(uuid16: 0x1800))
        server.addCharacteristic(BluetoothUUID(uuid16: 0x2A00))
        let first = server.addService(Self.nordicUART)
        server.addCharacteristic(BluetoothUUID(uuid16: 0x2A01))
        server.addService(BluetoothUUID(uuid16: 0x180F))
        let second = server.addService(Self.nordicUART)
        server.addService(BluetoothUUID(uuid16: 0x180A))
        let run = GATTClientDriver.run(GATTClientDiscoverPrimaryServicesByUUID(uuid: Self.nordicUART), on: &server)
        #expect(
            run.result == [
                DiscoveredService(uuid: Self.nordicUART, handleRange: first...h(first.rawValue + 2)),
                DiscoveredService(uuid: Self.nordicUART, handleRange: second...second),
            ])
        #expect(run.requests.count == 2)
        guard case .findByTypeValueRequest(let request) = run.requests.first else {
            Issue.record("first request was \(String(describing: run.requests.first))")
            return
        }
        #expect(request.attributeValue == Self.nordicUARTWire)
    }

    @Test("Discover Primary Services By Service UUID fails on a repeating server instead of looping")
    func discoverByUUIDRepeating() {
        let run = GATTClientDriver.run(GATTClientDiscoverPrimaryServicesByUUID(uuid: BluetoothUUID(uuid16: 0x180F))) {
            _ in
            .findByTypeValueResponse(
                ATTFindByTypeValueResponse(handlesInformation: [
                    .init(foundAttributeHandle: self.h(1), groupEndHandle: self.h(4))
                ]))
        }
        #expect(run.error == .handleNotAdvanced(h(0x0001)))
    }
}
