import CoreBluetooth
import CoreBluetoothAsync
import Testing

@Suite(
    "CoreBluetoothAsync: a central's async calls against a peripheral manager on the virtual radio",
    .timeLimit(.minutes(2)))
struct AsyncCentralTests {
    /// A powered-on central on its own controller of the virtual air.
    static func central() async throws -> AsyncCentral {
        let central = AsyncCentral(options: [CBManagerOptionTransportKey: "virtual"])
        try await central.waitUntilPoweredOn()
        #expect(await central.state == .poweredOn)
        return central
    }

    /// Scans with `for await` until the serving peripheral shows up, then stops iterating.
    static func find(_ serviceUUID: CBUUID, named name: String, with central: AsyncCentral) async throws -> Discovery {
        for await discovery in central.scan(withServices: [serviceUUID])
        where discovery.advertisementData.localName == name {
            return discovery
        }
        throw CBError(.unknownDevice)
    }

    /// Finds and connects to the serving peripheral, and discovers its service's characteristics.
    static func connect(
        _ serviceUUID: CBUUID, named name: String, with central: AsyncCentral
    ) async throws -> (
        AsyncPeripheral, [CBCharacteristic]
    ) {
        let peripheral = try await find(serviceUUID, named: name, with: central).peripheral
        try await central.connect(peripheral)
        let services = try await peripheral.discoverServices([serviceUUID])
        let service = try #require(services.first { $0.uuid == serviceUUID })
        return (peripheral, try await peripheral.discoverCharacteristics(nil, for: service))
    }

    @Test("a scan iterated with for-await finds the advertiser and stops scanning when the loop ends")
    func scanStopsWhenLoopEnds() async throws {
        let serving = try await ServingPeripheral.start()
        let central = try await Self.central()
        let discovery = try await Self.find(serving.serviceUUID, named: serving.name, with: central)
        #expect(discovery.advertisementData.serviceUUIDs.contains(serving.serviceUUID))
        #expect(discovery.advertisementData.isConnectable == true)
        #expect(await central.isScanning == false)
    }

    @Test("cancelling the task iterating a scan stops scanning")
    func cancellingScanTaskStopsScan() async throws {
        let central = try await Self.central()
        let scan = central.scan(withServices: [CBUUID(nsuuid: UUID())])
        #expect(await central.isScanning)
        let task = Task {
            for await _ in scan {}
        }
        task.cancel()
        await task.value
        #expect(await central.isScanning == false)
    }

    @Test("connect, discover, read a characteristic and a descriptor, write with and without response, read RSSI")
    func connectDiscoverReadWrite() async throws {
        var serving = try await ServingPeripheral.start()
        let central = try await Self.central()
        let (peripheral, characteristics) = try await Self.connect(
            serving.serviceUUID, named: serving.name, with: central)
        #expect(await peripheral.state == .connected)
        #expect(
            characteristics.map(\.uuid) == [
                ServingPeripheral.readableUUID, ServingPeripheral.writableUUID, ServingPeripheral.notifyingUUID,
            ])
        let readable = characteristics[0]
        let writable = characteristics[1]

        #expect(try await peripheral.read(readable) == Data("hello".utf8))
        #expect(try await serving.next() == .read(ServingPeripheral.readableUUID))

        let descriptors = try await peripheral.discoverDescriptors(for: readable)
        let description = try #require(
            descriptors.first { $0.uuid == CBUUID(string: CBUUIDCharacteristicUserDescriptionString) })
        #expect(try await peripheral.read(description) as? String == "Greeting")

        try await peripheral.write(Data([1, 2, 3]), to: writable)
        #expect(try await serving.next() == .wrote(ServingPeripheral.writableUUID, Data([1, 2, 3])))
        try await peripheral.write(Data([4]), to: writable, type: .withoutResponse)
        try await peripheral.write(Data([5]), to: writable, type: .withoutResponse)
        #expect(try await serving.next() == .wrote(ServingPeripheral.writableUUID, Data([4])))
        #expect(try await serving.next() == .wrote(ServingPeripheral.writableUUID, Data([5])))

        let rssi = try await peripheral.readRSSI()
        #expect((-127...20).contains(rssi))

        try await central.disconnect(peripheral)
        #expect(await peripheral.state == .disconnected)
    }

    @Test("a peer's ATT error is thrown as the CBATTError the delegate received")
    func attErrorIsThrown() async throws {
        let serving = try await ServingPeripheral.start()
        serving.delegate.answerReads(with: nil, error: .readNotPermitted)
        let central = try await Self.central()
        let (peripheral, characteristics) = try await Self.connect(
            serving.serviceUUID, named: serving.name, with: central)
        let error = await #expect(throws: CBATTError.self) { try await peripheral.read(characteristics[0]) }
        #expect(error?.code == .readNotPermitted)
        try await central.disconnect(peripheral)
    }

    @Test("notifications iterate with for-await; releasing the stream after breaking turns them off at the peripheral")
    func notificationsStopWhenLoopBreaks() async throws {
        var serving = try await ServingPeripheral.start()
        let central = try await Self.central()
        let (peripheral, characteristics) = try await Self.connect(
            serving.serviceUUID, named: serving.name, with: central)
        var received: [Data] = []
        do {
            let notifications = peripheral.notifications(for: characteristics[2])
            #expect(try await serving.next() == .subscribed(ServingPeripheral.notifyingUUID))
            #expect(serving.notify(Data([1])))
            for try await value in notifications {
                received.append(value)
                if received.count == 3 { break }
                #expect(serving.notify(Data([UInt8(received.count + 1)])))
            }
        }
        #expect(received == [Data([1]), Data([2]), Data([3])])
        #expect(try await serving.next() == .unsubscribed(ServingPeripheral.notifyingUUID))
        try await central.disconnect(peripheral)
    }

    @Test("a disconnect fails a pending read with CBError.peripheralDisconnected and ends notifications")
    func disconnectFailsPendingRead() async throws {
        var serving = try await ServingPeripheral.start()
        serving.delegate.answerReads(with: nil)
        let central = try await Self.central()
        let (peripheral, characteristics) = try await Self.connect(
            serving.serviceUUID, named: serving.name, with: central)
        let notifications = peripheral.notifications(for: characteristics[2])
        #expect(try await serving.next() == .subscribed(ServingPeripheral.notifyingUUID))
        let read = Task { try await peripheral.read(characteristics[0]) }
        #expect(try await serving.next() == .read(ServingPeripheral.readableUUID))

        try await central.disconnect(peripheral)
        let error = await #expect(throws: CBError.self) { try await read.value }
        #expect(error?.code == .peripheralDisconnected)
        let ended = await #expect(throws: CBError.self) { for try await _ in notifications {} }
        #expect(ended?.code == .peripheralDisconnected)
        await #expect(throws: CBError(reporting: .notConnected)) { try await peripheral.readRSSI() }
    }

    @Test(
        "a peer that vanishes fails a pending read with the error the delegate hears, connectionTimeout, with its text")
    func vanishingPeerFailsPendingRead() async throws {
        var serving: ServingPeripheral? = try await ServingPeripheral.start()
        serving?.delegate.answerReads(with: nil)
        let (serviceUUID, name) = try #require(serving.map { ($0.serviceUUID, $0.name) })
        let central = try await Self.central()
        let (peripheral, characteristics) = try await Self.connect(serviceUUID, named: name, with: central)
        let read = Task { try await peripheral.read(characteristics[0]) }
        #expect(try await serving?.next() == .read(ServingPeripheral.readableUUID))

        serving = nil
        let error = await #expect(throws: CBError.self) { try await read.value }
        #expect(error?.code == .connectionTimeout)
        #expect(error?.localizedDescription == "The connection has timed out unexpectedly.")
    }

    @Test("cancelling the task of a pending read throws CancellationError at once")
    func cancellingPendingRead() async throws {
        var serving = try await ServingPeripheral.start()
        serving.delegate.answerReads(with: nil)
        let central = try await Self.central()
        let (peripheral, characteristics) = try await Self.connect(
            serving.serviceUUID, named: serving.name, with: central)
        let read = Task { try await peripheral.read(characteristics[0]) }
        #expect(try await serving.next() == .read(ServingPeripheral.readableUUID))
        read.cancel()
        await #expect(throws: CancellationError.self) { try await read.value }
        try await central.disconnect(peripheral)
    }

    @Test(
        "openL2CAPChannel returns the open channel to a published PSM and throws CBError.connectionFailed for one not published"
    )
    func openL2CAPChannel() async throws {
        var serving = try await ServingPeripheral.start()
        let psm = try await serving.publishChannel()
        let central = try await Self.central()
        let (peripheral, _) = try await Self.connect(serving.serviceUUID, named: serving.name, with: central)

        let channel = try await peripheral.openL2CAPChannel(psm)
        #expect(channel.psm == psm)
        #expect(channel.peer === peripheral.peripheral)
        #expect(try await serving.next() == .channelOpened(psm))

        let refusal = await #expect(throws: CBError.self) { try await peripheral.openL2CAPChannel(psm &+ 1) }
        #expect(refusal?.code == .connectionFailed)
        await #expect(throws: CBError(reporting: .invalidParameters)) { try await peripheral.openL2CAPChannel(0) }
        withExtendedLifetime(channel) {}

        try await central.disconnect(peripheral)
        await #expect(throws: CBError(reporting: .notConnected)) { try await peripheral.openL2CAPChannel(psm) }
    }
}
