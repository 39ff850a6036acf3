import CoreBluetooth
import Testing

@Suite("Central manager and peripheral manager in one process", .serialized, .timeLimit(.minutes(1)))
struct CentralAndPeripheralManagerTests {
    @Test("the central discovers the published services, the included service, characteristics and descriptors")
    func discovery() async throws {
        var pair = try await ManagerPair.connect()
        defer { pair.disconnect() }
        let primary = try await pair.discoverAll()
        let services = pair.onCentralQueue { pair.peripheral.services?.map(\.uuid) ?? [] }
        let expected = [CBUUID(string: "1800"), CBUUID(string: "1801"), pair.database.primaryUUID]
        #expect(Set(services).isSuperset(of: expected))
        #expect(!services.contains(PairDatabase.included), "a secondary service is found only as an included one")
        #expect(pair.onCentralQueue { primary.isPrimary })
        #expect(pair.onCentralQueue { primary.includedServices?.map(\.uuid) } == [PairDatabase.included])
        #expect(pair.onCentralQueue { primary.includedServices?.first?.isPrimary } == false)
        let characteristics = pair.onCentralQueue { primary.characteristics?.map(\.uuid) }
        #expect(
            characteristics == [
                PairDatabase.cached, PairDatabase.dynamic, PairDatabase.writable, PairDatabase.notifying,
                PairDatabase.encrypted,
            ])
        let writable = try pair.characteristic(PairDatabase.writable, in: primary)
        #expect(pair.onCentralQueue { writable.properties } == [.write, .writeWithoutResponse])
        let cached = try pair.characteristic(PairDatabase.cached, in: primary)
        #expect(pair.onCentralQueue { cached.descriptors?.map(\.uuid) } == [CBUUID(string: "2901")])
        let notifying = try pair.characteristic(PairDatabase.notifying, in: primary)
        #expect(pair.onCentralQueue { notifying.descriptors?.map(\.uuid) } == [CBUUID(string: "2902")])
        #expect(pair.onCentralQueue { notifying.properties } == [.notify])
    }

    @Test("a cached value is read without the delegate; a dynamic long value is answered by didReceiveRead")
    func reads() async throws {
        var pair = try await ManagerPair.connect()
        defer { pair.disconnect() }
        let primary = try await pair.discoverAll()
        let long = Data((0..<512).map { UInt8(truncatingIfNeeded: $0 * 3) })
        pair.sensor.onQueue {
            pair.sensor.delegate.answerReads { _ in long }
        }
        let cached = try pair.characteristic(PairDatabase.cached, in: primary)
        let dynamic = try pair.characteristic(PairDatabase.dynamic, in: primary)
        pair.onCentralQueue {
            pair.peripheral.readValue(for: cached)
            pair.peripheral.readValue(for: dynamic)
        }
        guard case .valueUpdated("FFF1", let cachedValue, nil) = try await pair.events.next(),
            case .valueUpdated("FFF2", let dynamicValue, nil) = try await pair.events.next()
        else {
            Issue.record("the reads did not complete in order")
            return
        }
        #expect(cachedValue == PairDatabase.cachedValue)
        #expect(dynamicValue == long)
        let read = try await pair.sensor.delegate.next { event -> Int? in
            if case .read(let uuid, let offset, _) = event {
                #expect(uuid == PairDatabase.dynamic, "the cached value reached the delegate")
                return offset
            }
            return nil
        }
        #expect(read == 0)
        #expect(pair.onCentralQueue { dynamic.value } == long)
        #expect(pair.onCentralQueue { cached.value } == PairDatabase.cachedValue)

        let description = try #require(pair.onCentralQueue { cached.descriptors?.first })
        pair.onCentralQueue { pair.peripheral.readValue(for: description) }
        guard case .descriptorUpdated("2901", let text, nil) = try await pair.events.next() else {
            Issue.record("the descriptor read did not complete")
            return
        }
        #expect(text == "String:\(PairDatabase.cachedDescription)")
    }

    @Test("a write with response is answered by respond(to:withResult:); a refusal arrives as that CBATTError")
    func writesWithResponse() async throws {
        var pair = try await ManagerPair.connect()
        defer { pair.disconnect() }
        let primary = try await pair.discoverAll()
        pair.sensor.onQueue {
            pair.sensor.delegate.onWrite = { manager, requests in
                guard let first = requests.first else { return }
                let fits = requests.allSatisfy { ($0.value?.count ?? 0) <= 4 }
                manager.respond(to: first, withResult: fits ? .success : .invalidAttributeValueLength)
            }
        }
        let writable = try pair.characteristic(PairDatabase.writable, in: primary)
        pair.onCentralQueue { pair.peripheral.writeValue(Data([1, 2, 3]), for: writable, type: .withResponse) }
        guard case .valueWritten("FFF3", nil) = try await pair.events.next() else {
            Issue.record("the accepted write did not call back without error")
            return
        }
        #expect(
            try await pair.sensor.delegate.next()
                == .write([.init(uuid: PairDatabase.writable, offset: 0, value: Data([1, 2, 3]))]))

        pair.onCentralQueue { pair.peripheral.writeValue(Data([1, 2, 3, 4, 5]), for: writable, type: .withResponse) }
        guard case .valueWritten("FFF3", let refused) = try await pair.events.next() else {
            Issue.record("the refused write did not call back")
            return
        }
        let expected = CBATTError(.invalidAttributeValueLength)
        #expect(refused == ErrorSummary(domain: CBATTErrorDomain, code: expected.code.rawValue))
        #expect(CBATTError.Code.invalidAttributeValueLength.rawValue == 0x0D)
    }

    @Test("a write without response reaches didReceiveWrite and needs no answer")
    func writeWithoutResponse() async throws {
        var pair = try await ManagerPair.connect()
        defer { pair.disconnect() }
        let primary = try await pair.discoverAll()
        let writable = try pair.characteristic(PairDatabase.writable, in: primary)
        pair.onCentralQueue {
            #expect(pair.peripheral.canSendWriteWithoutResponse)
            pair.peripheral.writeValue(Data([7]), for: writable, type: .withoutResponse)
            pair.peripheral.writeValue(Data([8]), for: writable, type: .withoutResponse)
        }
        #expect(
            try await pair.sensor.delegate.next()
                == .write([.init(uuid: PairDatabase.writable, offset: 0, value: Data([7]))]))
        #expect(
            try await pair.sensor.delegate.next()
                == .write([.init(uuid: PairDatabase.writable, offset: 0, value: Data([8]))]))
    }

    @Test("subscribing tells both sides; updates arrive in order; disconnecting calls back with nil and unsubscribes")
    func subscribeNotifyDisconnect() async throws {
        var pair = try await ManagerPair.connect()
        let primary = try await pair.discoverAll()
        let notifying = try pair.characteristic(PairDatabase.notifying, in: primary)
        pair.onCentralQueue { pair.peripheral.setNotifyValue(true, for: notifying) }
        guard case .notificationState("FFF4", true, nil) = try await pair.events.next() else {
            Issue.record("didUpdateNotificationStateFor did not report notifying")
            return
        }
        let central = try await pair.sensor.delegate.next { event -> UUID? in
            if case .subscribed(PairDatabase.notifying, let central, let length, subscribers: 1) = event {
                #expect(length > 20)
                return central
            }
            return nil
        }
        let values = (1...3).map { Data([UInt8($0), 0xAA]) }
        var unsent = values[...]
        while let value = unsent.first {
            let sent = pair.sensor.onQueue {
                pair.sensor.manager.updateValue(value, for: pair.database.notifying, onSubscribedCentrals: nil)
            }
            if sent {
                unsent.removeFirst()
            } else {
                _ = try await pair.sensor.delegate.next { event -> Bool? in event == .readyToUpdate ? true : nil }
            }
        }
        var received: [Data] = []
        while received.count < values.count {
            guard case .valueUpdated("FFF4", let value?, nil) = try await pair.events.next() else {
                Issue.record("a notification did not arrive as a value update")
                return
            }
            received.append(value)
        }
        #expect(received == values)

        pair.disconnect()
        guard case .disconnected(let peripheral, nil) = try await pair.events.next() else {
            Issue.record("didDisconnectPeripheral did not follow with a nil error")
            return
        }
        #expect(peripheral === pair.peripheral)
        #expect(pair.onCentralQueue { pair.peripheral.state } == .disconnected)
        let unsubscribed = try await pair.sensor.delegate.next { event -> PeripheralManagerEvent? in
            if case .unsubscribed = event { return event }
            return nil
        }
        #expect(unsubscribed == .unsubscribed(PairDatabase.notifying, central: central, subscribers: 0))
    }

    @Test("removing a published service calls didModifyServices on the connected central with that service")
    func removeService() async throws {
        let removable = CBMutableService(type: CBUUID(nsuuid: UUID()), primary: true)
        removable.characteristics = [
            CBMutableCharacteristic(
                type: CBUUID(string: "FFF9"), properties: [.read], value: Data([1]), permissions: [.readable])
        ]
        var pair = try await ManagerPair.connect(extra: [removable])
        defer { pair.disconnect() }
        _ = try await pair.discoverAll()
        #expect(pair.onCentralQueue { pair.peripheral.services?.contains { $0.uuid == removable.uuid } } == true)
        pair.sensor.onQueue { pair.sensor.manager.remove(removable) }
        let invalidated = try await pair.events.next { event -> [String]? in
            if case .servicesModified(let services) = event { return services }
            return nil
        }
        #expect(invalidated == [removable.uuid.uuidString])
        #expect(pair.onCentralQueue { pair.peripheral.services?.contains { $0.uuid == removable.uuid } } == false)
        #expect(
            pair.onCentralQueue { pair.peripheral.services?.contains { $0.uuid == pair.database.primaryUUID } } == true)
    }

    @Test("reading an encryption-required value pairs the link (Just Works) and then succeeds")
    func encryptedRead() async throws {
        var pair = try await ManagerPair.connect()
        defer { pair.disconnect() }
        let primary = try await pair.discoverAll()
        let encrypted = try pair.characteristic(PairDatabase.encrypted, in: primary)
        pair.onCentralQueue { pair.peripheral.readValue(for: encrypted) }
        let (value, error) = try await pair.events.next { event -> (Data?, ErrorSummary?)? in
            if case .valueUpdated("FFF5", let value, let error) = event { return (value, error) }
            return nil
        }
        #expect(error == nil)
        #expect(value == PairDatabase.encryptedValue)
    }
}
