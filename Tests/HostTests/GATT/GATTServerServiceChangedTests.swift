import HCI
import Host
import Testing

@Suite("GATT server database changes and robust caching", .timeLimit(.minutes(2)))
struct GATTServerServiceChangedTests {
    typealias F = GATTFixtures

    func serviceChanged(_ start: UInt16, _ end: UInt16) -> ATTPDU {
        .handleValueIndication(
            ATTHandleValueIndication(
                handle: F.handle(0x08),
                value: [UInt8(start & 0xFF), UInt8(start >> 8), UInt8(end & 0xFF), UInt8(end >> 8)]))
    }

    let confirmation = ATTPDU.handleValueConfirmation(ATTHandleValueConfirmation())
    let thermometer = ServiceDefinition(
        uuid: BluetoothUUID(uuid16: 0x1809),
        characteristics: [
            CharacteristicDefinition(uuid: BluetoothUUID(uuid16: 0x2A1C), properties: .indicate, permissions: [])
        ])

    @Test("adding a service indicates its handle range to clients subscribed to Service Changed (GATT/SR/GAS/BV-01-C)")
    func addService() throws {
        var server = try F.server()
        server.subscribe(F.first, cccd: 0x09, .indication)
        server.update(F.second)
        let oldHash = server.databaseHash
        let layout = try server.addService(thermometer)
        #expect(layout.handles == F.handle(0x2C)...F.handle(0x2F))
        #expect(server.nextOutgoingPDU(for: F.first.id) == serviceChanged(0x2C, 0x2F))
        #expect(server.nextOutgoingPDU(for: F.second.id) == nil)
        #expect(server.databaseHash != oldHash)
        #expect(server.databaseHash == server.database.hash)
        #expect(
            server.response(to: .readRequest(ATTReadRequest(handle: F.handle(0x0D))))
                == .readResponse(ATTReadResponse(value: server.databaseHash.littleEndianBytes)))
    }

    @Test("Service Changed indications queue past a full transmit queue and keep their order")
    func serviceChangedNotDropped() throws {
        var server = try F.server(GATTServerConfiguration(transmitQueueCapacity: 1))
        server.subscribe(F.first, cccd: 0x09, .indication)
        let first = try server.addService(thermometer)
        let second = try server.addService(thermometer)
        #expect(
            server.nextOutgoingPDU(for: F.first.id)
                == serviceChanged(first.handles.lowerBound.rawValue, first.handles.upperBound.rawValue))
        _ = server.handle(confirmation, from: F.first)
        #expect(
            server.nextOutgoingPDU(for: F.first.id)
                == serviceChanged(second.handles.lowerBound.rawValue, second.handles.upperBound.rawValue))
    }

    @Test("removing a service indicates its range and ends subscriptions inside it")
    func removeService() throws {
        var server = try F.server()
        server.subscribe(F.first, cccd: 0x09, .indication)
        server.subscribe(F.first, cccd: 0x12, .notification)
        _ = server.takeEvents()
        #expect(try server.removeService(at: F.handle(0x0E))?.uuid == F.heartRate)
        #expect(
            server.takeEvents() == [
                .subscriptionChanged(connection: F.first.id, valueHandle: F.handle(0x11), configuration: [])
            ])
        #expect(server.nextOutgoingPDU(for: F.first.id) == serviceChanged(0x0E, 0x16))
        #expect(
            server.response(to: .readRequest(ATTReadRequest(handle: F.handle(0x14))))
                == F.error(.readRequest, 0x14, .invalidHandle))
        #expect(try server.removeService(at: F.handle(0x0E)) == nil)
    }

    @Test("replacing the database indicates every handle and keeps only the Service Changed subscription")
    func replaceDatabase() throws {
        var server = try F.server()
        server.subscribe(F.first, cccd: 0x09, .indication)
        server.subscribe(F.first, cccd: 0x12, .notification)
        _ = server.takeEvents()
        server.replaceDatabase(try AttributeDatabase(deviceName: "new", services: [thermometer]))
        #expect(
            server.takeEvents() == [
                .subscriptionChanged(connection: F.first.id, valueHandle: F.handle(0x11), configuration: [])
            ])
        #expect(server.nextOutgoingPDU(for: F.first.id) == serviceChanged(0x0001, 0xFFFF))
        #expect(server.subscribers(of: F.handle(0x08)) == [F.first.id])
        #expect(server.subscribers(of: F.handle(0x11)).isEmpty)
    }

    @Test("when the replacement moves Service Changed, the subscription moves with it")
    func replaceMovesServiceChanged() throws {
        var server = try F.server()
        server.subscribe(F.first, cccd: 0x09, .indication)
        _ = server.takeEvents()
        server.replaceDatabase(try AttributeDatabase(services: [.genericAttribute], startHandle: F.handle(0x0100)))
        #expect(server.serviceChangedValueHandle == F.handle(0x0102))
        #expect(
            server.takeEvents() == [
                .subscriptionChanged(connection: F.first.id, valueHandle: F.handle(0x08), configuration: []),
                .subscriptionChanged(connection: F.first.id, valueHandle: F.handle(0x0102), configuration: .indication),
            ])
        #expect(
            server.nextOutgoingPDU(for: F.first.id)
                == .handleValueIndication(
                    ATTHandleValueIndication(handle: F.handle(0x0102), value: [0x01, 0x00, 0xFF, 0xFF])))
    }

    @Test(
        "a bonded client that returns to a changed database gets Service Changed for every handle (GATT/SR/GAS/BV-07-C)"
    )
    func bondedClientAfterChange() throws {
        var server = try F.server()
        server.subscribe(F.first, cccd: 0x09, .indication)
        _ = server.response(to: .writeRequest(ATTWriteRequest(handle: F.handle(0x0B), value: [0x01])))
        let saved = try #require(server.bondedClientConfiguration(of: F.first.id))
        server.disconnected(F.first.id)
        try server.addService(thermometer)
        server.restore(saved, for: F.first)
        #expect(server.nextOutgoingPDU(for: F.first.id) == serviceChanged(0x0001, 0xFFFF))
        let read = ATTPDU.readRequest(ATTReadRequest(handle: F.handle(0x14)))
        #expect(server.response(to: read) == F.error(.readRequest, 0x0000, .databaseOutOfSync))
    }

    @Test("a change-unaware robust-caching client gets Database Out Of Sync once, then is served (GATT/SR/GAS/BV-05-C)")
    func outOfSync() throws {
        var server = try F.server()
        _ = server.response(to: .writeRequest(ATTWriteRequest(handle: F.handle(0x0B), value: [0x01])))
        _ = server.response(to: .writeRequest(ATTWriteRequest(handle: F.handle(0x0B), value: [0x01])), from: F.second)
        try server.addService(thermometer)
        let read = ATTPDU.readRequest(ATTReadRequest(handle: F.handle(0x14)))
        #expect(server.response(to: read) == F.error(.readRequest, 0x0000, .databaseOutOfSync))
        #expect(
            server.handle(.writeCommand(ATTWriteCommand(handle: F.handle(0x19), value: [1])), from: F.first) == .none)
        #expect(server.response(to: read) == .readResponse(ATTReadResponse(value: [0x01])))
        #expect(
            server.response(to: .exchangeMTURequest(ATTExchangeMTURequest(clientRxMTU: 100)), from: F.second)
                == .exchangeMTUResponse(ATTExchangeMTUResponse(serverRxMTU: 517)))
        #expect(server.response(to: read, from: F.second) == F.error(.readRequest, 0x0000, .databaseOutOfSync))

        var plain = try F.server()
        try plain.addService(thermometer)
        #expect(plain.response(to: read) == .readResponse(ATTReadResponse(value: [0x01])))
    }

    @Test(
        "a change-unaware client may read the Database Hash by type; its next request is served (GATT/SR/GAS/BV-06-C)"
    )
    func hashReadMakesAware() throws {
        var server = try F.server()
        _ = server.response(to: .writeRequest(ATTWriteRequest(handle: F.handle(0x0B), value: [0x01])))
        try server.addService(thermometer)
        let hash = ATTPDU.readByTypeRequest(
            ATTReadByTypeRequest(startingHandle: .min, endingHandle: .max, attributeType: .databaseHash))
        #expect(
            server.response(to: hash)
                == .readByTypeResponse(
                    ATTReadByTypeResponse(attributeData: [
                        .init(handle: F.handle(0x0D), value: server.databaseHash.littleEndianBytes)
                    ])))
        #expect(
            server.response(to: .readRequest(ATTReadRequest(handle: F.handle(0x14))))
                == .readResponse(ATTReadResponse(value: [0x01])))
    }

    @Test("confirming the Service Changed indication makes a robust-caching client change-aware")
    func confirmationMakesAware() throws {
        var server = try F.server()
        _ = server.response(to: .writeRequest(ATTWriteRequest(handle: F.handle(0x0B), value: [0x01])))
        server.subscribe(F.first, cccd: 0x09, .indication)
        try server.addService(thermometer)
        #expect(server.nextOutgoingPDU(for: F.first.id) != nil)
        _ = server.handle(confirmation, from: F.first)
        #expect(
            server.response(to: .readRequest(ATTReadRequest(handle: F.handle(0x14))))
                == .readResponse(ATTReadResponse(value: [0x01])))
    }
}

extension UInt128 {
    /// The value's 16 bytes, least significant first.
    var littleEndianBytes: [UInt8] {
        (0..<16).map { UInt8(truncatingIfNeeded: self >> ($0 * 8)) }
    }
}
