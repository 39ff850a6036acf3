import HCI
import Host
import Testing

@Suite("GATT server discovery", .timeLimit(.minutes(2)))
struct GATTServerDiscoveryTests {
    typealias F = GATTFixtures

    @Test("Exchange MTU answers the server's receive MTU and fixes ATT_MTU at the smaller (GATT/SR/GAC/BV-01-C)")
    func exchangeMTU() throws {
        var server = try F.server(GATTServerConfiguration(serverRxMTU: 247))
        let response = server.response(to: .exchangeMTURequest(ATTExchangeMTURequest(clientRxMTU: 517)))
        #expect(response == .exchangeMTUResponse(ATTExchangeMTUResponse(serverRxMTU: 247)))
        #expect(server.mtu(of: F.first.id) == 247)
        _ = server.response(to: .exchangeMTURequest(ATTExchangeMTURequest(clientRxMTU: 100)))
        #expect(server.mtu(of: F.first.id) == 247)

        _ = server.response(to: .exchangeMTURequest(ATTExchangeMTURequest(clientRxMTU: 5)), from: F.second)
        #expect(server.mtu(of: F.second.id) == 23)
        var large = try F.server(GATTServerConfiguration(serverRxMTU: 9000))
        #expect(large.serverRxMTU == 517)
        _ = large.response(to: .exchangeMTURequest(ATTExchangeMTURequest(clientRxMTU: 600)))
        #expect(large.mtu(of: F.first.id) == 517)
    }

    @Test("Discover All Primary Services packs 16-bit and 128-bit services separately (GATT/SR/GAD/BV-01-C)")
    func primaryServices() throws {
        var server = try F.server()
        let request = ATTReadByGroupTypeRequest(
            startingHandle: .min, endingHandle: .max, attributeGroupType: .primaryService)
        let first = server.response(to: .readByGroupTypeRequest(request))
        #expect(
            first
                == .readByGroupTypeResponse(
                    ATTReadByGroupTypeResponse(attributeData: [
                        .init(handle: F.handle(0x01), endGroupHandle: F.handle(0x05), value: [0x00, 0x18]),
                        .init(handle: F.handle(0x06), endGroupHandle: F.handle(0x0D), value: [0x01, 0x18]),
                        .init(handle: F.handle(0x0E), endGroupHandle: F.handle(0x16), value: [0x0D, 0x18]),
                    ])))
        var next = request
        next.startingHandle = F.handle(0x17)
        guard case .readByGroupTypeResponse(let second) = server.response(to: .readByGroupTypeRequest(next)) else {
            Issue.record("no second response")
            return
        }
        #expect(second.attributeData.map(\.handle) == [F.handle(0x17)])
        #expect(second.attributeData.first?.endGroupHandle == F.handle(0x27))
        #expect(second.attributeData.first?.value.count == 16)
        next.startingHandle = F.handle(0x28)
        #expect(
            server.response(to: .readByGroupTypeRequest(next))
                == F.error(.readByGroupTypeRequest, 0x28, .attributeNotFound))
        next.attributeGroupType = .secondaryService
        let secondary = server.response(to: .readByGroupTypeRequest(next))
        #expect(
            secondary
                == .readByGroupTypeResponse(
                    ATTReadByGroupTypeResponse(attributeData: [
                        .init(handle: F.handle(0x28), endGroupHandle: F.handle(0x2B), value: [0x0F, 0x18])
                    ])))
    }

    @Test("Read By Group Type with a type that does not group is Unsupported Group Type")
    func unsupportedGroupType() throws {
        var server = try F.server()
        let request = ATTReadByGroupTypeRequest(
            startingHandle: .min, endingHandle: .max, attributeGroupType: .characteristic)
        #expect(
            server.response(to: .readByGroupTypeRequest(request))
                == F.error(.readByGroupTypeRequest, 0x01, .unsupportedGroupType))
    }

    @Test("Discover Primary Service by Service UUID finds 16- and 128-bit services (GATT/SR/GAD/BV-02-C)")
    func primaryServiceByUUID() throws {
        var server = try F.server()
        func find(_ value: [UInt8], from start: UInt16 = 0x0001) -> ATTPDU? {
            server.response(
                to: .findByTypeValueRequest(
                    ATTFindByTypeValueRequest(
                        startingHandle: F.handle(start), endingHandle: .max, attributeType: 0x2800,
                        attributeValue: value)))
        }
        #expect(
            find([0x0D, 0x18])
                == .findByTypeValueResponse(
                    ATTFindByTypeValueResponse(handlesInformation: [
                        .init(foundAttributeHandle: F.handle(0x0E), groupEndHandle: F.handle(0x16))
                    ])))
        var vendor = ByteWriter()
        F.vendorService.encode(into: &vendor)
        #expect(
            find(vendor.bytes)
                == .findByTypeValueResponse(
                    ATTFindByTypeValueResponse(handlesInformation: [
                        .init(foundAttributeHandle: F.handle(0x17), groupEndHandle: F.handle(0x27))
                    ])))
        #expect(find([0x0F, 0x18]) == F.error(.findByTypeValueRequest, 0x01, .attributeNotFound))
        #expect(find([0x0D, 0x18], from: 0x0F) == F.error(.findByTypeValueRequest, 0x0F, .attributeNotFound))
    }

    @Test("Find Included Services returns the include with its range and 16-bit UUID (GATT/SR/GAD/BV-03-C)")
    func includedServices() throws {
        var client = DiscoveringClient(server: try F.server(), context: F.first)
        let included = client.includedServices(of: .init(uuid: F.heartRate, handles: F.handle(0x0E)...F.handle(0x16)))
        #expect(included == [.init(uuid: F.battery, handles: F.handle(0x28)...F.handle(0x2B))])
    }

    @Test(
        "Discover All Characteristics packs three 16-bit or one 128-bit declaration at MTU 23 (GATT/SR/GAD/BV-04-C)"
    )
    func characteristicDeclarations() throws {
        var server = try F.server()
        func read(_ start: UInt16, _ end: UInt16) -> ATTPDU? {
            server.response(
                to: .readByTypeRequest(
                    ATTReadByTypeRequest(
                        startingHandle: F.handle(start), endingHandle: F.handle(end), attributeType: .characteristic)))
        }
        #expect(
            read(0x0E, 0x16)
                == .readByTypeResponse(
                    ATTReadByTypeResponse(attributeData: [
                        .init(handle: F.handle(0x10), value: [0x10, 0x11, 0x00, 0x37, 0x2A]),
                        .init(handle: F.handle(0x13), value: [0x02, 0x14, 0x00, 0x38, 0x2A]),
                        .init(handle: F.handle(0x15), value: [0x08, 0x16, 0x00, 0x39, 0x2A]),
                    ])))
        guard case .readByTypeResponse(let vendor) = read(0x17, 0x27) else {
            Issue.record("no response")
            return
        }
        #expect(vendor.attributeData.map(\.handle) == [F.handle(0x18)])
        #expect(vendor.length == 21)
        #expect(read(0x25, 0x27) == F.error(.readByTypeRequest, 0x25, .attributeNotFound))
    }

    @Test("Discover All Characteristic Descriptors stops where the UUID size changes (GATT/SR/GAD/BV-06-C)")
    func descriptors() throws {
        var server = try F.server()
        func find(_ start: UInt16, _ end: UInt16) -> ATTPDU? {
            server.response(
                to: .findInformationRequest(
                    ATTFindInformationRequest(startingHandle: F.handle(start), endingHandle: F.handle(end))))
        }
        #expect(
            find(0x19, 0x1C)
                == .findInformationResponse(
                    ATTFindInformationResponse(format: .uuid128, entries: [.init(handle: F.handle(0x19), uuid: F.echo)])
                ))
        #expect(
            find(0x1A, 0x1C)
                == .findInformationResponse(
                    ATTFindInformationResponse(
                        format: .uuid16,
                        entries: [
                            .init(handle: F.handle(0x1A), uuid: .clientCharacteristicConfiguration),
                            .init(handle: F.handle(0x1B), uuid: .characteristicExtendedProperties),
                            .init(handle: F.handle(0x1C), uuid: .characteristicUserDescription),
                        ])))
        guard case .findInformationResponse(let packed) = find(0x01, 0xFFFF) else {
            Issue.record("no response")
            return
        }
        #expect(packed.entries.count == 5)
        #expect(find(0x2C, 0xFFFF) == F.error(.findInformationRequest, 0x2C, .attributeNotFound))
    }

    @Test("Read Using Characteristic UUID packs same-length values: every CCCD in one response (GATT/SR/GAR/BV-03-C)")
    func readUsingCharacteristicUUID() throws {
        var server = try F.server()
        server.subscribe(F.first, cccd: 0x12, .notification)
        let request = ATTReadByTypeRequest(
            startingHandle: .min, endingHandle: .max, attributeType: .clientCharacteristicConfiguration)
        #expect(
            server.response(to: .readByTypeRequest(request))
                == .readByTypeResponse(
                    ATTReadByTypeResponse(attributeData: [
                        .init(handle: F.handle(0x09), value: [0, 0]), .init(handle: F.handle(0x12), value: [1, 0]),
                        .init(handle: F.handle(0x1A), value: [0, 0]), .init(handle: F.handle(0x23), value: [0, 0]),
                        .init(handle: F.handle(0x2B), value: [0, 0]),
                    ])))
        let location = ATTReadByTypeRequest(
            startingHandle: .min, endingHandle: .max, attributeType: BluetoothUUID(uuid16: 0x2A38))
        #expect(
            server.response(to: .readByTypeRequest(location))
                == .readByTypeResponse(
                    ATTReadByTypeResponse(attributeData: [.init(handle: F.handle(0x14), value: [0x01])])))
    }

    @Test("Read By Type of a dynamic value asks the application and answers with that one pair")
    func readByTypeDynamic() throws {
        var server = try F.server()
        let request = ATTReadByTypeRequest(startingHandle: .min, endingHandle: .max, attributeType: F.echo)
        let deferred = try server.deferral(of: .readByTypeRequest(request))
        #expect(deferred.kind == .read([.init(handle: F.handle(0x19), offset: 0)]))
        let answer = server.complete(id: deferred.id, result: .values([Array(repeating: 7, count: 40)]))
        #expect(answer?.connection == F.first.id)
        #expect(
            answer?.response
                == .readByTypeResponse(
                    ATTReadByTypeResponse(attributeData: [
                        .init(handle: F.handle(0x19), value: Array(repeating: 7, count: 19))
                    ])))
    }

    @Test(
        "Read By Type stops before an unreadable attribute, and refuses when the first is one (GATT/SR/GAR/BI-06-C)"
    )
    func readByTypePermissions() throws {
        var server = try F.server()
        let secret = ATTReadByTypeRequest(startingHandle: .min, endingHandle: .max, attributeType: F.secret)
        #expect(
            server.response(to: .readByTypeRequest(secret))
                == F.error(.readByTypeRequest, 0x20, .insufficientEncryption))
        let changed = ATTReadByTypeRequest(startingHandle: .min, endingHandle: .max, attributeType: .serviceChanged)
        #expect(
            server.response(to: .readByTypeRequest(changed)) == F.error(.readByTypeRequest, 0x08, .readNotPermitted))
    }

    static let mtus = [23, 517]

    @Test(
        "discovering the whole database takes 29 round trips at MTU 23 and 25 at MTU 517, and finds every attribute",
        arguments: mtus)
    func discoverEverything(mtu: Int) throws {
        let database = try F.database()
        var client = DiscoveringClient(server: GATTServer(database: database), context: F.context(mtu: mtu))
        let tree = client.discoverEverything()
        #expect(client.roundTrips == (mtu == 23 ? 29 : 25))
        let layouts = database.services
        #expect(tree.map(\.0.handles).sorted { $0.lowerBound < $1.lowerBound } == layouts.map(\.handles))
        for (service, characteristics) in tree {
            let layout = try #require(layouts.first { $0.handles == service.handles })
            #expect(service.uuid == layout.uuid)
            #expect(characteristics.map(\.0.valueHandle) == layout.characteristics.map(\.valueHandle))
            #expect(characteristics.map(\.0.uuid) == layout.characteristics.map(\.uuid))
            #expect(characteristics.map(\.0.properties) == layout.characteristics.map(\.properties.declarationOctet))
            for ((_, descriptors), characteristic) in zip(characteristics, layout.characteristics) {
                #expect(descriptors.map(\.handle) == characteristic.descriptors.map(\.handle))
                #expect(descriptors.map(\.uuid) == characteristic.descriptors.map(\.uuid))
            }
        }
    }
}
