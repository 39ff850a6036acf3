import CoreBluetooth
import HCI
import Host
import Testing

@Suite("Central manager on the virtual air", .serialized, .timeLimit(.minutes(1)))
struct CBCentralManagerTests {
    @Test("the state is unknown until centralManagerDidUpdateState reports poweredOn, first, on the delegate queue")
    func stateFirst() async throws {
        let recorder = CentralRecorder(label: "state")
        let (manager, initialState) = holding(recorder.queue) {
            let manager = CBCentralManager(delegate: recorder, queue: recorder.queue)
            return (manager, manager.state)
        }
        #expect(initialState == .unknown)
        var events = EventCursor(recorder)
        guard case .state(let state) = try await events.next() else {
            Issue.record("the first delegate call is not centralManagerDidUpdateState")
            return
        }
        #expect(state == .poweredOn)
        #expect(recorder.queue.sync { manager.state } == .poweredOn)
    }

    @Test(
        "a transport spec that cannot be parsed, or a controller generation there is not, makes the manager unsupported",
        arguments: [
            (CBManagerOptionTransportKey, "carrier-pigeon:"), (CBManagerOptionVirtualControllerKey, "4.1"),
        ])
    func unsupportedTransport(_ key: String, _ value: String) async throws {
        let recorder = CentralRecorder(label: "unsupported")
        let manager = CBCentralManager(delegate: recorder, queue: recorder.queue, options: [key: value])
        var events = EventCursor(recorder)
        guard case .state(let state) = try await events.next() else {
            Issue.record("the first delegate call is not centralManagerDidUpdateState")
            return
        }
        #expect(state == .unsupported)
        #expect(recorder.queue.sync { manager.state } == .unsupported)
        recorder.queue.sync { manager.scanForPeripherals(withServices: nil) }
        #expect(recorder.queue.sync { manager.isScanning } == false)
    }

    @Test("a scan filtered by service reports the advertisement merged with its scan response, as Apple types it")
    func scanWithFilter() async throws {
        let (device, service) = try await CentralFixture.device()
        defer { Task { await device.stop() } }
        let (manager, recorder, events) = try await CentralFixture.central()
        var cursor = events
        recorder.queue.sync { manager.scanForPeripherals(withServices: [service]) }
        #expect(recorder.queue.sync { manager.isScanning })
        let (peripheral, advertisement) = try await cursor.next { event -> (CBPeripheral, Advertisement)? in
            if case .discovered(let peripheral, let advertisement) = event { return (peripheral, advertisement) }
            return nil
        }
        recorder.queue.sync { manager.stopScan() }
        #expect(recorder.queue.sync { manager.isScanning } == false)
        #expect(advertisement.localName == device.name)
        #expect(advertisement.serviceUUIDs == [service.uuidString])
        #expect(advertisement.manufacturerData == Data([0xFF, 0xFF, 0x01, 0x02]))
        #expect(advertisement.serviceData == ["FEAA": Data([0x10, 0x20])])
        #expect(advertisement.txPowerLevel == 4)
        #expect(advertisement.isConnectable == true)
        #expect(advertisement.solicitedServiceUUIDs == nil)
        #expect(advertisement.rssi <= 20)
        #expect(recorder.queue.sync { peripheral.name } == device.name)
        #expect(recorder.queue.sync { peripheral.state } == .disconnected)
    }

    @Test("a scan without services reports every advertiser, the test device among them")
    func scanWithoutFilter() async throws {
        let (device, _) = try await CentralFixture.device()
        defer { Task { await device.stop() } }
        let (manager, recorder, events) = try await CentralFixture.central()
        var cursor = events
        recorder.queue.sync {
            manager.scanForPeripherals(
                withServices: nil, options: [CBCentralManagerScanOptionAllowDuplicatesKey: false])
        }
        let advertisement = try await cursor.next { event -> Advertisement? in
            if case .discovered(_, let advertisement) = event, advertisement.localName == device.name {
                return advertisement
            }
            return nil
        }
        recorder.queue.sync { manager.stopScan() }
        #expect(advertisement.keys.contains(CBAdvertisementDataIsConnectable))
    }

    @Test("a scan with SolicitedServiceUUIDs also reports a peripheral soliciting one of them")
    func scanForSolicitation() async throws {
        let (device, _) = try await CentralFixture.device(advertising: false)
        defer { Task { await device.stop() } }
        let solicited = UUID().uuidString
        try await device.host.startAdvertising(
            AdvertisementContent(
                localName: device.name, solicitedServiceUUIDs: [try #require(BluetoothUUID(string: solicited))]))
        let (manager, recorder, events) = try await CentralFixture.central()
        var cursor = events
        recorder.queue.sync {
            manager.scanForPeripherals(
                withServices: [CBUUID(nsuuid: UUID())],
                options: [CBCentralManagerScanOptionSolicitedServiceUUIDsKey: [CBUUID(string: solicited)]])
        }
        let advertisement = try await cursor.next { event -> Advertisement? in
            if case .discovered(_, let advertisement) = event { return advertisement }
            return nil
        }
        recorder.queue.sync { manager.stopScan() }
        #expect(advertisement.localName == device.name)
        #expect(advertisement.solicitedServiceUUIDs == [solicited])
        #expect(advertisement.serviceUUIDs == nil)
    }

    @Test("a manager with a restore identifier hears the last one's scan and connections before its state")
    func restoration() async throws {
        let (device, service) = try await CentralFixture.device()
        defer { Task { await device.stop() } }
        let identifier = "restore-\(UUID().uuidString)"
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(identifier).path
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let options: [String: Any] = [
            CBCentralManagerOptionRestoreIdentifierKey: identifier, CBManagerOptionRestoreDirectoryKey: directory,
        ]
        let recorder = CentralRecorder(label: "restore-first")
        let manager = CBCentralManager(delegate: recorder, queue: recorder.queue, options: options)
        var events = EventCursor(recorder)
        guard case .state(.poweredOn) = try await events.next() else {
            Issue.record("a manager with nothing to restore did not start with its state")
            return
        }
        let (peripheral, _) = try await CentralFixture.discover(service, with: manager, recorder, &events)
        try await CentralFixture.connect(peripheral, with: manager, recorder, &events)
        recorder.queue.sync {
            manager.scanForPeripherals(
                withServices: [service], options: [CBCentralManagerScanOptionAllowDuplicatesKey: true])
        }

        let second = CentralRecorder(label: "restore-second")
        let restored = CBCentralManager(delegate: second, queue: second.queue, options: options)
        var secondEvents = EventCursor(second)
        guard case .restored(let peripherals, let services, let duplicates) = try await secondEvents.next() else {
            Issue.record("willRestoreState did not come first")
            return
        }
        #expect(peripherals == [peripheral.identifier])
        #expect(services == [service.uuidString])
        #expect(duplicates == true)
        guard case .state(.poweredOn) = try await secondEvents.next() else {
            Issue.record("centralManagerDidUpdateState did not follow willRestoreState")
            return
        }
        #expect(second.queue.sync { restored.retrievePeripherals(withIdentifiers: [peripheral.identifier]).count } == 1)
        recorder.queue.sync {
            manager.stopScan()
            manager.cancelPeripheralConnection(peripheral)
        }
    }

    @Test("retrieving by identifier returns the same object; unknown identifiers are left out")
    func retrieve() async throws {
        let (device, service) = try await CentralFixture.device()
        defer { Task { await device.stop() } }
        let (manager, recorder, events) = try await CentralFixture.central()
        var cursor = events
        let (peripheral, _) = try await CentralFixture.discover(service, with: manager, recorder, &cursor)
        let retrieved = recorder.queue.sync {
            manager.retrievePeripherals(withIdentifiers: [UUID(), peripheral.identifier])
        }
        #expect(retrieved.count == 1)
        #expect(retrieved.first === peripheral)
        #expect(recorder.queue.sync { manager.retrieveConnectedPeripherals(withServices: [service]) }.isEmpty)
        #expect(recorder.queue.sync { peripheral.maximumWriteValueLength(for: .withResponse) } == 512)
        #expect(recorder.queue.sync { peripheral.maximumWriteValueLength(for: .withoutResponse) } == 20)

        let (other, otherRecorder, otherEvents) = try await CentralFixture.central("retrieve-other")
        var otherCursor = otherEvents
        let (again, _) = try await CentralFixture.discover(service, with: other, otherRecorder, &otherCursor)
        #expect(again.identifier == peripheral.identifier)
        #expect(again !== peripheral)

        let (third, thirdRecorder, _) = try await CentralFixture.central("retrieve-third")
        let known = thirdRecorder.queue.sync { third.retrievePeripherals(withIdentifiers: [peripheral.identifier]) }
        #expect(known.map(\.identifier) == [peripheral.identifier])
        #expect(
            thirdRecorder.queue.sync { third.retrievePeripherals(withIdentifiers: [peripheral.identifier]) }.first
                === known.first)
    }

    @Test("connecting, discovering the whole tree, and rediscovering keeps the same objects")
    func connectAndDiscover() async throws {
        let (device, service) = try await CentralFixture.device()
        defer { Task { await device.stop() } }
        let (manager, recorder, events) = try await CentralFixture.central()
        var cursor = events
        let (peripheral, _) = try await CentralFixture.discover(service, with: manager, recorder, &cursor)
        #expect(recorder.queue.sync { peripheral.services } == nil)
        try await CentralFixture.connect(peripheral, with: manager, recorder, &cursor)
        #expect(recorder.queue.sync { peripheral.state } == .connected)
        #expect(recorder.queue.sync { peripheral.canSendWriteWithoutResponse })
        let primary = try await CentralFixture.discoverAll(peripheral, service: service, recorder, &cursor)
        let serviceUUIDs = recorder.queue.sync { peripheral.services?.map(\.uuid.uuidString) ?? [] }
        #expect(Set(serviceUUIDs).isSuperset(of: ["1800", "1801", service.uuidString, "1805"]))
        #expect(!serviceUUIDs.contains("180F"))
        #expect(recorder.queue.sync { primary.includedServices?.map(\.uuid.uuidString) } == ["180F"])
        #expect(recorder.queue.sync { primary.peripheral } === peripheral)
        let characteristics = recorder.queue.sync { primary.characteristics?.map(\.uuid.uuidString) }
        #expect(characteristics == ["FFF1", "FFF2", "FFF3", "FFF4"])
        let longValue = try CentralFixture.characteristic(CentralFixture.longValue, in: primary, recorder)
        #expect(recorder.queue.sync { longValue.descriptors?.map(\.uuid.uuidString) } == ["2901"])
        #expect(recorder.queue.sync { longValue.service } === primary)
        let notifying = try CentralFixture.characteristic(CentralFixture.notifying, in: primary, recorder)
        #expect(recorder.queue.sync { notifying.descriptors?.map(\.uuid.uuidString) } == ["2902"])
        #expect(recorder.queue.sync { notifying.properties } == [.read, .notify])
        #expect(
            recorder.queue.sync { manager.retrieveConnectedPeripherals(withServices: [service]) }.first === peripheral)

        recorder.queue.sync { peripheral.discoverServices([service]) }
        _ = try await cursor.next { event -> Void? in
            if case .servicesDiscovered(nil) = event { return () }
            return nil
        }
        #expect(recorder.queue.sync { peripheral.services?.first { $0.uuid == service } } === primary)
        #expect(recorder.queue.sync { peripheral.services?.count } == serviceUUIDs.count)
        recorder.queue.sync { manager.cancelPeripheralConnection(peripheral) }
        _ = try await cursor.next { event -> Void? in
            if case .disconnected(_, nil) = event { return () }
            return nil
        }
        #expect(recorder.queue.sync { peripheral.state } == .disconnected)
        #expect(recorder.queue.sync { peripheral.services } == nil)
    }

    @Test("reads return a 300-byte value whole and type descriptor values by UUID")
    func reads() async throws {
        let (device, _, recorder, peripheral, primary, events) = try await CentralFixture.connectedDevice()
        defer { Task { await device.stop() } }
        var cursor = events
        let long = (0..<300).map { UInt8(truncatingIfNeeded: $0) }
        await device.setValue(long, of: CentralFixture.longValue)
        let characteristic = try CentralFixture.characteristic(CentralFixture.longValue, in: primary, recorder)
        let notifying = try CentralFixture.characteristic(CentralFixture.notifying, in: primary, recorder)
        recorder.queue.sync {
            peripheral.readValue(for: characteristic)
            if let description = characteristic.descriptors?.first { peripheral.readValue(for: description) }
            if let configuration = notifying.descriptors?.first { peripheral.readValue(for: configuration) }
            peripheral.readRSSI()
        }
        guard case .valueUpdated("FFF1", let value, nil) = try await cursor.next() else {
            Issue.record("the read did not complete first")
            return
        }
        #expect(value == Data(long))
        guard case .descriptorUpdated("2901", let text, nil) = try await cursor.next(),
            case .descriptorUpdated("2902", let number, nil) = try await cursor.next()
        else {
            Issue.record("the descriptor reads did not complete in order")
            return
        }
        #expect(text == "String:Long value")
        #expect(number == "NSNumber:0")
        guard case .rssiRead(_, nil) = try await cursor.next() else {
            Issue.record("readRSSI did not complete")
            return
        }
        #expect(recorder.queue.sync { characteristic.value } == Data(long))
        #expect(recorder.queue.sync { peripheral.maximumWriteValueLength(for: .withoutResponse) } == 512)
    }

    @Test("writes with response call back and reach the device, long ones too; writes without response only say ready")
    func writes() async throws {
        let (device, _, recorder, peripheral, primary, events) = try await CentralFixture.connectedDevice()
        defer { Task { await device.stop() } }
        var cursor = events
        let writable = try CentralFixture.characteristic(CentralFixture.writable, in: primary, recorder)
        let long = Data((0..<300).map { UInt8(truncatingIfNeeded: $0 * 7) })
        recorder.queue.sync { peripheral.writeValue(long, for: writable, type: .withResponse) }
        guard case .valueWritten("FFF2", nil) = try await cursor.next() else {
            Issue.record("the write with response did not call back")
            return
        }
        #expect(await device.value(of: CentralFixture.writable) == [UInt8](long))
        #expect(recorder.queue.sync { writable.value } == nil)

        recorder.queue.sync {
            peripheral.writeValue(Data([9]), for: writable, type: .withoutResponse)
            peripheral.writeValue(Data([8]), for: writable, type: .withoutResponse)
        }
        guard case .readyToWrite = try await cursor.next() else {
            Issue.record("peripheralIsReady(toSendWriteWithoutResponse:) did not follow")
            return
        }
        #expect(recorder.queue.sync { peripheral.canSendWriteWithoutResponse })
        var written: [[UInt8]] = []
        for await write in device.writes where write.value.count == 1 {
            written.append(write.value)
            if written.count == 2 { break }
        }
        #expect(written == [[9], [8]])

        let readOnly = try CentralFixture.characteristic(CentralFixture.longValue, in: primary, recorder)
        recorder.queue.sync { peripheral.writeValue(Data([1]), for: readOnly, type: .withResponse) }
        guard case .valueWritten("FFF1", let refused) = try await cursor.next() else {
            Issue.record("the refused write did not call back")
            return
        }
        let expected = CBATTError(.writeNotPermitted)
        #expect(refused == ErrorSummary(domain: CBATTErrorDomain, code: expected.code.rawValue))
    }

    @Test("subscribing calls back with isNotifying, then notifications arrive in order as value updates")
    func notifications() async throws {
        let (device, _, recorder, peripheral, primary, events) = try await CentralFixture.connectedDevice()
        defer { Task { await device.stop() } }
        var cursor = events
        let notifying = try CentralFixture.characteristic(CentralFixture.notifying, in: primary, recorder)
        let plain = try CentralFixture.characteristic(CentralFixture.longValue, in: primary, recorder)
        recorder.queue.sync {
            peripheral.setNotifyValue(true, for: plain)
            peripheral.setNotifyValue(true, for: notifying)
        }
        guard case .notificationState("FFF1", false, let refused) = try await cursor.next() else {
            Issue.record("subscribing to a characteristic that cannot notify did not fail")
            return
        }
        #expect(refused == ErrorSummary(domain: CBATTErrorDomain, code: CBATTError.Code.requestNotSupported.rawValue))
        guard case .notificationState("FFF3", true, nil) = try await cursor.next() else {
            Issue.record("subscribing did not call back")
            return
        }
        for value: UInt8 in 1...3 { #expect(await device.update([value], of: CentralFixture.notifying)) }
        var values: [Data?] = []
        for _ in 1...3 {
            guard case .valueUpdated("FFF3", let value, nil) = try await cursor.next() else {
                Issue.record("a notification did not arrive as a value update")
                return
            }
            values.append(value)
        }
        #expect(values == [Data([1]), Data([2]), Data([3])])
        #expect(recorder.queue.sync { notifying.value } == Data([3]))
    }

    @Test("a remote disconnection fails the pending read, then reports peripheralDisconnected")
    func remoteDisconnect() async throws {
        let (device, manager, recorder, peripheral, primary, events) = try await CentralFixture.connectedDevice()
        defer { Task { await device.stop() } }
        var cursor = events
        let stalled = try CentralFixture.characteristic(CentralFixture.stalled, in: primary, recorder)
        recorder.queue.sync { peripheral.readValue(for: stalled) }
        for await _ in device.stalledReads { break }
        try await device.disconnectAll()
        let disconnected = CBError(.peripheralDisconnected)
        let expected = ErrorSummary(domain: CBErrorDomain, code: disconnected.code.rawValue)
        guard case .valueUpdated("FFF4", nil, let readError) = try await cursor.next() else {
            Issue.record("the pending read did not fail first")
            return
        }
        #expect(readError == expected)
        guard case .disconnected(let gone, let error) = try await cursor.next() else {
            Issue.record("didDisconnectPeripheral did not follow")
            return
        }
        #expect(gone === peripheral)
        #expect(error == expected)
        #expect(recorder.queue.sync { peripheral.state } == .disconnected)
        #expect(recorder.queue.sync { peripheral.services } == nil)
        #expect(recorder.queue.sync { peripheral.canSendWriteWithoutResponse } == false)

        recorder.queue.sync {
            peripheral.readValue(for: stalled)
            peripheral.readRSSI()
            manager.connect(peripheral)
            manager.cancelPeripheralConnection(peripheral)
        }
        guard case .disconnected(_, nil) = try await cursor.next() else {
            Issue.record("an operation on a disconnected peripheral called back")
            return
        }
    }

    @Test("cancelling while connecting ends the attempt with didDisconnectPeripheral and no error")
    func cancelWhileConnecting() async throws {
        let (device, service) = try await CentralFixture.device()
        defer { Task { await device.stop() } }
        let (manager, recorder, events) = try await CentralFixture.central()
        var cursor = events
        let (peripheral, _) = try await CentralFixture.discover(service, with: manager, recorder, &cursor)
        try await device.host.stopAdvertising()
        let states = recorder.queue.sync {
            manager.connect(peripheral)
            let connecting = peripheral.state
            manager.cancelPeripheralConnection(peripheral)
            return (connecting, peripheral.state)
        }
        #expect(states.0 == .connecting)
        #expect(states.1 == .disconnecting)
        guard case .disconnected(let gone, nil) = try await cursor.next() else {
            Issue.record("the cancelled attempt did not end with didDisconnectPeripheral and no error")
            return
        }
        #expect(gone === peripheral)
        #expect(recorder.queue.sync { peripheral.state } == .disconnected)
    }

    @Test("removing a service on the device invalidates it through didModifyServices")
    func modifiedServices() async throws {
        let (device, _, recorder, peripheral, primary, events) = try await CentralFixture.connectedDevice()
        defer { Task { await device.stop() } }
        var cursor = events
        let declaration = try #require(
            await device.host.database.service(CentralFixture.currentTime)?.handles.lowerBound)
        try await device.host.removeService(at: declaration)
        let invalidated = try await cursor.next { event -> [String]? in
            if case .servicesModified(let services) = event { return services }
            return nil
        }
        #expect(invalidated == ["1805"])
        #expect(recorder.queue.sync { peripheral.services?.contains { $0.uuid.uuidString == "1805" } } == false)
        #expect(recorder.queue.sync { peripheral.services?.contains { $0.uuid == primary.uuid } } == true)
    }
}
