import HCI
import Host
import Testing

@Suite("GATT client included service, characteristic and descriptor discovery", .timeLimit(.minutes(2)))
struct GATTClientAttributeDiscoveryTests {
    typealias PDU = GATTClientPDU
    private func h(_ raw: UInt16) -> AttributeHandle { PDU.h(raw) }

    static let vendorService = BluetoothUUID(uuid128: 0x6E40_0001_B5A3_F393_E0A9_E50E_24DC_CA9E)
    static let vendorCharacteristic = BluetoothUUID(uuid128: 0x6E40_0002_B5A3_F393_E0A9_E50E_24DC_CA9E)
    static func wire(_ uuid: BluetoothUUID) -> [UInt8] {
        var writer = ByteWriter()
        uuid.encode(into: &writer)
        return writer.bytes
    }

    // MARK: Find Included Services

    @Test("Find Included Services (GATT/CL/GAD/BV-03-C) takes a 16-bit UUID from the include declaration")
    func included16() {
        let run = GATTClientDriver.run(
            GATTClientFindIncludedServices(range: h(0x0010)...h(0x0020)),
            script: [
                (
                    PDU.readByType(0x0010, 0x0020, 0x2802),
                    PDU.values([(0x0011, PDU.le(0x0030) + PDU.le(0x0035) + PDU.uuid16(0x180F))])
                ),
                (PDU.readByType(0x0012, 0x0020, 0x2802), PDU.error(.readByTypeRequest, 0x0012, .attributeNotFound)),
            ])
        #expect(
            run.result == [
                DiscoveredIncludedService(
                    declarationHandle: h(0x0011), uuid: BluetoothUUID(uuid16: 0x180F),
                    handleRange: h(0x0030)...h(0x0035))
            ])
    }

    @Test("Find Included Services reads the declaration of a 128-bit included service to learn its UUID")
    func included128() {
        let run = GATTClientDriver.run(
            GATTClientFindIncludedServices(range: h(0x0010)...h(0x0020)),
            script: [
                (
                    PDU.readByType(0x0010, 0x0020, 0x2802),
                    PDU.values([(0x0011, PDU.le(0x0030) + PDU.le(0x0035)), (0x0012, PDU.le(0x0040) + PDU.le(0x0041))])
                ),
                (PDU.read(0x0030), .readResponse(ATTReadResponse(value: Self.wire(Self.vendorService)))),
                (PDU.read(0x0040), .readResponse(ATTReadResponse(value: Self.wire(Self.vendorCharacteristic)))),
                (PDU.readByType(0x0013, 0x0020, 0x2802), PDU.error(.readByTypeRequest, 0x0013, .attributeNotFound)),
            ])
        #expect(
            run.result == [
                DiscoveredIncludedService(
                    declarationHandle: h(0x0011), uuid: Self.vendorService, handleRange: h(0x0030)...h(0x0035)),
                DiscoveredIncludedService(
                    declarationHandle: h(0x0012), uuid: Self.vendorCharacteristic, handleRange: h(0x0040)...h(0x0041)),
            ])
    }

    @Test("Find Included Services against a server mixing 16- and 128-bit included services keeps handle order")
    func includedMixed() throws {
        var server = GATTClientTestServer(mtu: 23)
        let battery = server.addService(BluetoothUUID(uuid16: 0x180F), primary: false)
        server.addCharacteristic(BluetoothUUID(uuid16: 0x2A19), value: [100])
        let vendor = server.addService(Self.vendorService, primary: false)
        let main = server.addService(BluetoothUUID(uuid16: 0x180D))
        server.addInclude(of: battery)
        server.addInclude(of: vendor)
        server.addInclude(of: battery)
        server.addCharacteristic(BluetoothUUID(uuid16: 0x2A37))
        let run = GATTClientDriver.run(GATTClientFindIncludedServices(range: main...server.lastHandle), on: &server)
        let included = try #require(run.result)
        #expect(
            included.map(\.uuid) == [BluetoothUUID(uuid16: 0x180F), Self.vendorService, BluetoothUUID(uuid16: 0x180F)])
        #expect(
            included.map(\.declarationHandle) == [h(main.rawValue + 1), h(main.rawValue + 2), h(main.rawValue + 3)])
        #expect(included[1].handleRange == vendor...vendor)
        #expect(run.requests.filter { $0.opcode == .readRequest } == [PDU.read(vendor.rawValue)])
    }

    @Test("a 128-bit included service whose declaration is not 16 bytes is invalid")
    func included128Short() {
        let run = GATTClientDriver.run(
            GATTClientFindIncludedServices(range: h(0x0010)...h(0x0020)),
            script: [
                (PDU.readByType(0x0010, 0x0020, 0x2802), PDU.values([(0x0011, PDU.le(0x0030) + PDU.le(0x0035))])),
                (PDU.read(0x0030), .readResponse(ATTReadResponse(value: PDU.uuid16(0x180F)))),
            ])
        #expect(run.error == .invalidResponse("included service declaration of 2 bytes"))
    }

    @Test("a refused read of a 128-bit included service's declaration fails with its code and handle")
    func included128Refused() {
        let run = GATTClientDriver.run(
            GATTClientFindIncludedServices(range: h(0x0010)...h(0x0020)),
            script: [
                (PDU.readByType(0x0010, 0x0020, 0x2802), PDU.values([(0x0011, PDU.le(0x0030) + PDU.le(0x0035))])),
                (PDU.read(0x0030), PDU.error(.readRequest, 0x0030, .insufficientAuthentication)),
            ])
        #expect(run.error == .attError(.insufficientAuthentication, handle: h(0x0030)))
    }

    @Test("an include declaration of the wrong length or with an inverted range is invalid")
    func includeMalformed() {
        for value in [
            PDU.le(0x0030) + PDU.le(0x0035) + [0x0F], PDU.le(0x0035) + PDU.le(0x0030), PDU.le(0) + PDU.le(0x0030),
        ] {
            let run = GATTClientDriver.run(
                GATTClientFindIncludedServices(range: h(0x0010)...h(0x0020)),
                script: [(PDU.readByType(0x0010, 0x0020, 0x2802), PDU.values([(0x0011, value)]))])
            guard case .invalidResponse? = run.error else {
                Issue.record("\(value) gave \(String(describing: run.outcome))")
                continue
            }
        }
    }

    @Test("an include at the service's last handle ends the search without another request")
    func includeAtEnd() {
        let run = GATTClientDriver.run(
            GATTClientFindIncludedServices(range: h(0x0010)...h(0x0011)),
            script: [
                (PDU.readByType(0x0010, 0x0011, 0x2802), PDU.values([(0x0011, PDU.le(0x0030) + PDU.le(0x0035))])),
                (PDU.read(0x0030), .readResponse(ATTReadResponse(value: Self.wire(Self.vendorService)))),
            ])
        #expect(run.result?.map(\.uuid) == [Self.vendorService])
    }

    // MARK: Discover All Characteristics

    static func declaration(_ properties: UInt8, _ value: UInt16, _ uuid: [UInt8]) -> [UInt8] {
        [properties] + PDU.le(value) + uuid
    }

    @Test("Discover All Characteristics of a Service (GATT/CL/GAD/BV-04-C) ends each characteristic before the next")
    func discoverCharacteristics() {
        let run = GATTClientDriver.run(
            GATTClientDiscoverCharacteristics(range: h(0x0001)...h(0x000F)),
            script: [
                (
                    PDU.readByType(0x0001, 0x000F, 0x2803),
                    PDU.values([
                        (0x0002, Self.declaration(0x12, 0x0003, PDU.uuid16(0x2A37))),
                        (0x0005, Self.declaration(0x02, 0x0006, PDU.uuid16(0x2A38))),
                    ])
                ),
                (
                    PDU.readByType(0x0007, 0x000F, 0x2803),
                    PDU.values([(0x0007, Self.declaration(0x0A, 0x0008, Self.wire(Self.vendorCharacteristic)))])
                ),
                (PDU.readByType(0x0009, 0x000F, 0x2803), PDU.error(.readByTypeRequest, 0x0009, .attributeNotFound)),
            ])
        #expect(
            run.result == [
                DiscoveredCharacteristic(
                    uuid: BluetoothUUID(uuid16: 0x2A37), declarationHandle: h(0x0002), valueHandle: h(0x0003),
                    properties: 0x12,
                    endHandle: h(0x0004)),
                DiscoveredCharacteristic(
                    uuid: BluetoothUUID(uuid16: 0x2A38), declarationHandle: h(0x0005), valueHandle: h(0x0006),
                    properties: 0x02,
                    endHandle: h(0x0006)),
                DiscoveredCharacteristic(
                    uuid: Self.vendorCharacteristic, declarationHandle: h(0x0007), valueHandle: h(0x0008),
                    properties: 0x0A,
                    endHandle: h(0x000F)),
            ])
    }

    @Test("a characteristic value at the service's last handle ends discovery without another request")
    func valueAtEnd() {
        let run = GATTClientDriver.run(
            GATTClientDiscoverCharacteristics(range: h(0x0001)...h(0x0003)),
            script: [
                (
                    PDU.readByType(0x0001, 0x0003, 0x2803),
                    PDU.values([(0x0002, Self.declaration(0x02, 0x0003, PDU.uuid16(0x2A00)))])
                )
            ])
        #expect(run.result?.map(\.endHandle) == [h(0x0003)])
    }

    @Test("a service with only its declaration has no characteristics, learned from Attribute Not Found")
    func noCharacteristics() {
        let run = GATTClientDriver.run(
            GATTClientDiscoverCharacteristics(range: h(0x0001)...h(0x0001)),
            script: [
                (PDU.readByType(0x0001, 0x0001, 0x2803), PDU.error(.readByTypeRequest, 0x0001, .attributeNotFound))
            ])
        #expect(run.result == [])
    }

    @Test("Discover Characteristics by UUID (GATT/CL/GAD/BV-05-C) keeps the matches with ends set by every declaration")
    func discoverCharacteristicsByUUID() throws {
        var server = GATTClientTestServer(mtu: 23)
        let service = server.addService(BluetoothUUID(uuid16: 0x180D))
        for index in 0..<7 {
            server.addCharacteristic(
                index % 3 == 0 ? Self.vendorCharacteristic : BluetoothUUID(uuid16: 0x2A37), value: [1])
            server.addDescriptor(BluetoothUUID(uuid16: 0x2902), value: [0, 0])
        }
        let run = GATTClientDriver.run(
            GATTClientDiscoverCharacteristics(range: service...server.lastHandle, uuid: Self.vendorCharacteristic),
            on: &server)
        let found = try #require(run.result)
        #expect(found.map(\.declarationHandle.rawValue) == [0x0002, 0x000B, 0x0014])
        #expect(found.map(\.endHandle.rawValue) == [0x0004, 0x000D, 0x0016])
        #expect(found.allSatisfy { $0.uuid == Self.vendorCharacteristic })
    }

    @Test(
        "a characteristic count across MTUs costs one request per full response plus the one that finds nothing",
        arguments: [(23, 10, 4 + 1), (517, 10, 1 + 1), (23, 30, 10 + 1), (517, 100, 2 + 1)])
    func characteristicRoundTrips(mtu: Int, count: Int, requests: Int) throws {
        // 16-bit declarations are 7 bytes on the wire: 3 fit in MTU 23, 73 in MTU 517.
        var server = GATTClientTestServer(mtu: mtu)
        server.addService(BluetoothUUID(uuid16: 0x180D))
        for _ in 0..<count {
            server.addCharacteristic(BluetoothUUID(uuid16: 0x2A37))
            server.addDescriptor(BluetoothUUID(uuid16: 0x2901))
        }
        let run = GATTClientDriver.run(
            GATTClientDiscoverCharacteristics(range: h(0x0001)...server.lastHandle), on: &server)
        #expect(try #require(run.result).count == count)
        #expect(run.requests.count == requests)
    }

    @Test(
        "a characteristic whose value handle does not follow its declaration, or lies past the service, is invalid",
        arguments: [UInt16(0x0002), 0x0001, 0x0010])
    func badValueHandle(valueHandle: UInt16) {
        let run = GATTClientDriver.run(
            GATTClientDiscoverCharacteristics(range: h(0x0001)...h(0x000F)),
            script: [
                (
                    PDU.readByType(0x0001, 0x000F, 0x2803),
                    PDU.values([(0x0002, Self.declaration(0x02, valueHandle, PDU.uuid16(0x2A00)))])
                )
            ])
        guard case .invalidResponse? = run.error else {
            Issue.record("got \(String(describing: run.outcome))")
            return
        }
    }

    @Test("a characteristic declaration of the wrong length is invalid")
    func badDeclarationLength() {
        let run = GATTClientDriver.run(
            GATTClientDiscoverCharacteristics(range: h(0x0001)...h(0x000F)),
            script: [(PDU.readByType(0x0001, 0x000F, 0x2803), PDU.values([(0x0002, [0x02, 0x03, 0x00, 0x00])]))])
        #expect(run.error == .invalidResponse("characteristic declaration of 4 bytes"))
    }

    @Test("characteristic discovery fails on a server that repeats its response instead of looping")
    func characteristicsRepeating() {
        let run = GATTClientDriver.run(GATTClientDiscoverCharacteristics(range: h(0x0001)...h(0x00FF))) { _ in
            PDU.values([(0x0002, Self.declaration(0x02, 0x0003, PDU.uuid16(0x2A00)))])
        }
        #expect(run.error == .handleNotAdvanced(h(0x0002)))
        #expect(run.requests.count == 2)
    }

    @Test("a refused characteristic discovery fails with the code and handle")
    func characteristicsRefused() {
        let run = GATTClientDriver.run(
            GATTClientDiscoverCharacteristics(range: h(0x0001)...h(0x000F)),
            script: [
                (
                    PDU.readByType(0x0001, 0x000F, 0x2803),
                    PDU.error(.readByTypeRequest, 0x0001, .insufficientAuthorization)
                )
            ])
        #expect(run.error == .attError(.insufficientAuthorization, handle: h(0x0001)))
    }

    // MARK: Discover All Characteristic Descriptors

    @Test("Discover All Characteristic Descriptors (GATT/CL/GAD/BV-06-C) searches from after the value to the end")
    func discoverDescriptors() {
        let characteristic = DiscoveredCharacteristic(
            uuid: BluetoothUUID(uuid16: 0x2A37), declarationHandle: h(0x0002), valueHandle: h(0x0003), properties: 0x10,
            endHandle: h(0x0008))
        let run = GATTClientDriver.run(
            GATTClientDiscoverDescriptors(characteristic: characteristic),
            script: [
                (
                    PDU.findInformation(0x0004, 0x0008),
                    PDU.information([(0x0004, BluetoothUUID(uuid16: 0x2902)), (0x0005, BluetoothUUID(uuid16: 0x2901))])
                ),
                (PDU.findInformation(0x0006, 0x0008), PDU.information([(0x0006, Self.vendorService)])),
                (PDU.findInformation(0x0007, 0x0008), PDU.error(.findInformationRequest, 0x0007, .attributeNotFound)),
            ])
        #expect(
            run.result == [
                DiscoveredDescriptor(uuid: BluetoothUUID(uuid16: 0x2902), handle: h(0x0004)),
                DiscoveredDescriptor(uuid: BluetoothUUID(uuid16: 0x2901), handle: h(0x0005)),
                DiscoveredDescriptor(uuid: Self.vendorService, handle: h(0x0006)),
            ])
        #expect(run.result?.first?.isClientCharacteristicConfiguration == true)
        #expect(run.result?.last?.isClientCharacteristicConfiguration == false)
    }

    @Test("a characteristic whose value ends its definition has no descriptors and needs no request")
    func noRoomForDescriptors() {
        let characteristic = DiscoveredCharacteristic(
            uuid: BluetoothUUID(uuid16: 0x2A38), declarationHandle: h(0x0005), valueHandle: h(0x0006), properties: 0x02,
            endHandle: h(0x0006))
        let run = GATTClientDriver.run(GATTClientDiscoverDescriptors(characteristic: characteristic), script: [])
        #expect(run.result == [])
    }

    @Test("a descriptor at the characteristic's last handle ends discovery without another request")
    func descriptorAtEnd() {
        let run = GATTClientDriver.run(
            GATTClientDiscoverDescriptors(range: h(0x0004)...h(0x0005)),
            script: [
                (
                    PDU.findInformation(0x0004, 0x0005),
                    PDU.information([(0x0004, BluetoothUUID(uuid16: 0x2902)), (0x0005, BluetoothUUID(uuid16: 0x2901))])
                )
            ])
        #expect(run.result?.count == 2)
    }

    @Test("descriptor discovery over a whole database at MTU 23 and 517 finds every attribute")
    func descriptorsFromServer() throws {
        for mtu in [23, 517] {
            var server = GATTClientTestServer(mtu: mtu)
            server.addService(BluetoothUUID(uuid16: 0x180D))
            server.addCharacteristic(BluetoothUUID(uuid16: 0x2A37))
            for index in 0..<12 {
                server.addDescriptor(
                    index.isMultiple(of: 4) ? Self.vendorService : BluetoothUUID(uuid16: 0x2900 + UInt16(index)))
            }
            let run = GATTClientDriver.run(
                GATTClientDiscoverDescriptors(range: h(0x0004)...server.lastHandle), on: &server)
            let descriptors = try #require(run.result)
            #expect(descriptors.map(\.handle.rawValue) == Array(0x0004...0x000F))
            #expect(descriptors.first?.uuid == Self.vendorService)
        }
    }

    @Test("descriptor discovery fails on a server that repeats its response instead of looping")
    func descriptorsRepeating() {
        let run = GATTClientDriver.run(GATTClientDiscoverDescriptors(range: h(0x0004)...h(0x0100))) { _ in
            PDU.information([(0x0004, BluetoothUUID(uuid16: 0x2902))])
        }
        #expect(run.error == .handleNotAdvanced(h(0x0004)))
        #expect(run.requests.count == 2)
    }
}
