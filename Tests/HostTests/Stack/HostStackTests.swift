import HCI
import Host
import HostTestSupport
import Testing

@Suite("Host stack on the virtual radio", .timeLimit(.minutes(2)))
struct HostStackTests {
    static let echo = GATTFixtures.handle(0x19)
    static let long = GATTFixtures.handle(0x1E)
    static let secret = GATTFixtures.handle(0x20)

    @Test("a central connects with MTU 517 and discovers the whole database in the fewest round trips")
    func discoversWholeDatabase() async throws {
        let pair = try await HostPair.make()
        let (link, peripheralLink) = try await pair.connect()
        #expect(link.role == .central)
        #expect(peripheralLink.role == .peripheral)
        #expect(link.mtu == ATTBearer.maximumMTU)
        #expect(pair.counter.byOpcode == [.exchangeMTURequest: 1])

        pair.counter.reset()
        let (database, fromCache) = try await pair.central.discoverDatabase(on: link.handle)
        #expect(!fromCache)
        #expect(
            database.services.map(\.service.uuid) == [
                .genericAccessService, .genericAttributeService, GATTFixtures.heartRate, GATTFixtures.vendorService,
            ])
        let heartRate = try #require(database.services.first { $0.service.uuid == GATTFixtures.heartRate })
        #expect(heartRate.includedServices?.map(\.uuid) == [GATTFixtures.battery])
        let vendor = try #require(database.services.first { $0.service.uuid == GATTFixtures.vendorService })
        #expect(
            vendor.characteristics?.map(\.characteristic.uuid) == [
                GATTFixtures.echo, GATTFixtures.long, GATTFixtures.secret, GATTFixtures.alert, GATTFixtures.notes,
            ])
        let echo = try #require(vendor.characteristics?.first)
        #expect(
            echo.descriptors?.map(\.uuid) == [
                .clientCharacteristicConfiguration, .characteristicExtendedProperties, .characteristicUserDescription,
            ])
        #expect(database.databaseHash?.count == 16)
        // 1 Database Hash read; 3 Read By Group Type (the 16-bit services, the 128-bit one, then past
        // it); 5 Find Included (one per primary service, one more after Heart Rate's include); 5
        // characteristic reads (one per service, one more past the vendor service's last declaration);
        // 5 Find Information, one per characteristic with descriptors.
        #expect(
            pair.counter.byOpcode == [.readByTypeRequest: 11, .readByGroupTypeRequest: 3, .findInformationRequest: 5])
        await pair.stop()
    }

    @Test(
        "reads and writes a 300-byte value in one round trip each at MTU 517; what needs encryption is refused by a peer that will not pair"
    )
    func readsAndWrites() async throws {
        let pair = try await HostPair.make(peripheralPairing: PairingConfiguration(acceptsPairing: false))
        let (link, _) = try await pair.connect()
        let value = (0..<300).map { UInt8(truncatingIfNeeded: $0 * 7) }
        pair.values[Self.echo] = value
        pair.counter.reset()
        #expect(try await pair.central.read(Self.echo, on: link.handle) == value)
        #expect(try await pair.central.read(Self.long, on: link.handle) == GATTFixtures.longValue)
        let written = value.reversed() as [UInt8]
        try await pair.central.write(written, to: Self.echo, on: link.handle)
        #expect(pair.values[Self.echo] == written)
        #expect(pair.counter.byOpcode == [.readRequest: 2, .writeRequest: 1])

        await #expect(
            throws: HostError.gatt(link.handle, .procedure(.attError(.insufficientEncryption, handle: Self.secret)))
        ) {
            _ = try await pair.central.read(Self.secret, on: link.handle)
        }
        await pair.stop()
    }

    @Test("at MTU 23 long values are read with Read Blob and written with prepared writes")
    func longValuesAtMinimumMTU() async throws {
        let pair = try await HostPair.make()
        await pair.central.stop()
        let air = pair.air
        let counter = ATTRequestCounter(wrapping: await air.makeController())
        let central = try await BluetoothHost.start(
            transport: counter, configuration: HostConfiguration(preferredMTU: ATTBearer.minimumMTU))
        let link = try await HostPair(
            central: central, peripheral: pair.peripheral, air: air, counter: counter, values: pair.values,
            centralEvents: EventRecorder(central.events), peripheralEvents: pair.peripheralEvents
        ).connect().central
        #expect(link.mtu == ATTBearer.minimumMTU)
        let value = (0..<300).map { UInt8(truncatingIfNeeded: $0) }
        pair.values[Self.echo] = value
        counter.reset()
        #expect(try await central.read(Self.echo, on: link.handle) == value)
        // 22 bytes in the Read Response, then 22 per Read Blob Response: 13 more, the last one short.
        #expect(counter.byOpcode == [.readRequest: 1, .readBlobRequest: 13])

        counter.reset()
        let written = value.map { ~$0 }
        try await central.write(written, to: Self.echo, on: link.handle)
        #expect(pair.values[Self.echo] == written)
        // 18 bytes per Prepare Write Request: 17 of them, then Execute Write.
        #expect(counter.byOpcode == [.prepareWriteRequest: 17, .executeWriteRequest: 1])
        await central.stop()
        await pair.stop()
    }

    @Test("a reliable write applies both values together with one Execute Write")
    func reliableWrite() async throws {
        let pair = try await HostPair.make()
        let (link, _) = try await pair.connect()
        let notes = GATTFixtures.handle(0x25)
        pair.counter.reset()
        try await pair.central.reliableWrite(
            [.init(handle: Self.echo, value: [1, 2, 3]), .init(handle: notes, value: [4, 5])], on: link.handle)
        #expect(pair.values[Self.echo] == [1, 2, 3])
        #expect(pair.values[notes] == [4, 5])
        #expect(pair.counter.byOpcode == [.prepareWriteRequest: 2, .executeWriteRequest: 1])
        await pair.stop()
    }

    @Test("a subscribed central receives notifications and confirmed indications in order")
    func subscribes() async throws {
        let pair = try await HostPair.make()
        let (link, peripheralLink) = try await pair.connect()
        let vendor = try #require(
            try await pair.central.discoverPrimaryServices(on: link.handle, uuid: GATTFixtures.vendorService).first)
        let echo = try #require(try await pair.central.discoverCharacteristics(of: vendor, on: link.handle).first)

        try await pair.central.configureUpdates(.notification, of: echo, on: link.handle)
        let subscribed = try await pair.peripheralEvents.next { event -> ClientCharacteristicConfiguration? in
            guard case .server(.subscriptionChanged(_, Self.echo, let configuration)) = event else { return nil }
            return configuration
        }
        #expect(subscribed == .notification)
        for value: UInt8 in 1...3 {
            #expect(await pair.peripheral.updateValue([value], for: Self.echo))
        }
        var received: [[UInt8]] = []
        for _ in 1...3 {
            received.append(
                try await pair.centralEvents.next { event -> [UInt8]? in
                    guard case .notification(link.handle, Self.echo, let value) = event else { return nil }
                    return value
                })
        }
        #expect(received == [[1], [2], [3]])

        try await pair.central.configureUpdates(.indication, of: echo, on: link.handle)
        #expect(await pair.peripheral.updateValue([9, 9], for: Self.echo))
        let indicated = try await pair.centralEvents.next { event -> [UInt8]? in
            guard case .indication(link.handle, Self.echo, let value) = event else { return nil }
            return value
        }
        #expect(indicated == [9, 9])
        try await pair.peripheralEvents.next { event -> Bool? in
            guard case .server(.indicationConfirmed(peripheralLink.handle, Self.echo)) = event else { return nil }
            return true
        }
        await pair.stop()
    }

    @Test("a disconnect fails the operation under way and both sides hear why")
    func disconnectFailsPendingOperations() async throws {
        let pair = try await HostPair.make()
        let (link, peripheralLink) = try await pair.connect()
        pair.peripheralEvents.onEvent = nil
        let read = Task { try await pair.central.read(Self.echo, on: link.handle) }
        try await pair.peripheralEvents.next { event -> Bool? in
            guard case .serverRequest = event else { return nil }
            return true
        }
        try await pair.peripheral.disconnect(peripheralLink.handle)
        await #expect(
            throws: HostError.gatt(link.handle, .bearer(.disconnected(reason: .remoteUserTerminatedConnection)))
        ) {
            _ = try await read.value
        }
        let reason = try await pair.centralEvents.next { event -> HCIStatus? in
            guard case .disconnected(link.handle, let reason) = event else { return nil }
            return reason
        }
        #expect(reason == .remoteUserTerminatedConnection)
        #expect(await pair.central.links.isEmpty)
        await #expect(throws: HostError.notConnected(link.handle)) {
            _ = try await pair.central.read(Self.echo, on: link.handle)
        }
        await pair.stop()
    }
}
