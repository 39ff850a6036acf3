import CoreBluetooth
import Foundation
import Testing

@Suite("Central and peripheral managers at an ATT_MTU of 23", .serialized, .timeLimit(.minutes(1)))
struct SmallMTUTests {
    /// A peripheral manager publishing ``PairDatabase`` and a central connected to it, either side capping the
    /// ATT_MTU its host offers with `CBManagerOptionMaximumATTMTUKey`.
    static func connect(
        peripheralMTU: Int? = nil, centralMTU: Int? = nil, label: String = #function
    ) async throws -> ManagerPair {
        let queue = RecordingPeripheralManagerDelegate.makeQueue()
        let delegate = RecordingPeripheralManagerDelegate(queue: queue)
        var peripheralOptions: [String: Any] = [CBManagerOptionTransportKey: "virtual"]
        peripheralOptions[CBManagerOptionMaximumATTMTUKey] = peripheralMTU
        let manager = CBPeripheralManager(delegate: delegate, queue: queue, options: peripheralOptions)
        #expect(try await delegate.next() == .state(.poweredOn, onQueue: true))
        let sensor = PeripheralManagerFixture(manager: manager, delegate: delegate)
        let database = PairDatabase()
        try await sensor.publishAndAdvertise([database.included, database.primary])

        let recorder = CentralRecorder(label: label)
        var centralOptions: [String: Any] = [:]
        centralOptions[CBManagerOptionMaximumATTMTUKey] = centralMTU
        let central = CBCentralManager(delegate: recorder, queue: recorder.queue, options: centralOptions)
        var events = EventCursor(recorder)
        guard case .state(.poweredOn) = try await events.next() else {
            throw ConnectFailure()
        }
        let (peripheral, _) = try await CentralFixture.discover(database.primaryUUID, with: central, recorder, &events)
        try await CentralFixture.connect(peripheral, with: central, recorder, &events)
        return ManagerPair(
            sensor: sensor, database: database, central: central, recorder: recorder, events: events,
            peripheral: peripheral)
    }

    struct ConnectFailure: Error {}

    @Test("a long read of a dynamic value asks the delegate at offsets 0, 22 and 44, and the central gets it whole")
    func longRead() async throws {
        var pair = try await Self.connect(peripheralMTU: 23)
        defer { pair.disconnect() }
        let primary = try await pair.discoverAll()
        let long = Data((0..<60).map { UInt8($0) })
        pair.sensor.onQueue {
            pair.sensor.delegate.answerReads { _ in long }
        }
        let dynamic = try pair.characteristic(PairDatabase.dynamic, in: primary)
        pair.onCentralQueue { pair.peripheral.readValue(for: dynamic) }
        guard case .valueUpdated("FFF2", let value, nil) = try await pair.events.next() else {
            Issue.record("the long read did not complete")
            return
        }
        #expect(value == long)
        var offsets: [Int] = []
        for _ in 0..<3 {
            offsets.append(
                try await pair.sensor.delegate.next { event -> Int? in
                    guard case .read(PairDatabase.dynamic, let offset, _) = event else { return nil }
                    return offset
                })
        }
        #expect(offsets == [0, 22, 44])
        #expect(pair.onCentralQueue { pair.peripheral.maximumWriteValueLength(for: .withoutResponse) } == 20)
        #expect(pair.onCentralQueue { pair.peripheral.maximumWriteValueLength(for: .withResponse) } == 512)
    }

    @Test(
        "an .invalidOffset answer to a Read Blob ends the value where it stood; to a write it reaches the central as CBATTError.invalidOffset"
    )
    func invalidOffset() async throws {
        var pair = try await Self.connect(peripheralMTU: 23)
        defer { pair.disconnect() }
        let primary = try await pair.discoverAll()
        let first = Data(repeating: 0xAB, count: 30)
        let shrunk = Data(repeating: 0xCD, count: 10)
        pair.sensor.onQueue {
            pair.sensor.delegate.answerReads { offset in offset == 0 ? first : shrunk }
            pair.sensor.delegate.onWrite = { manager, requests in
                guard let first = requests.first else { return }
                manager.respond(to: first, withResult: .invalidOffset)
            }
        }
        let dynamic = try pair.characteristic(PairDatabase.dynamic, in: primary)
        pair.onCentralQueue { pair.peripheral.readValue(for: dynamic) }
        guard case .valueUpdated("FFF2", let value, nil) = try await pair.events.next() else {
            Issue.record("the read did not complete")
            return
        }
        #expect(value == first.prefix(22), "Invalid Offset on a Read Blob ends a long read, as Bumble's client has it")
        var offsets: [Int] = []
        for _ in 0..<2 {
            offsets.append(
                try await pair.sensor.delegate.next { event -> Int? in
                    guard case .read(PairDatabase.dynamic, let offset, _) = event else { return nil }
                    return offset
                })
        }
        #expect(offsets == [0, 22])

        let writable = try pair.characteristic(PairDatabase.writable, in: primary)
        pair.onCentralQueue { pair.peripheral.writeValue(Data(count: 40), for: writable, type: .withResponse) }
        guard case .valueWritten("FFF3", let refused) = try await pair.events.next() else {
            Issue.record("the refused write did not call back")
            return
        }
        #expect(refused == ErrorSummary(domain: CBATTErrorDomain, code: CBATTError.Code.invalidOffset.rawValue))
    }

    @Test("a long write reaches didReceiveWrite once, whole from offset 0, and one respond answers it")
    func longWrite() async throws {
        var pair = try await Self.connect(peripheralMTU: 23)
        defer { pair.disconnect() }
        let primary = try await pair.discoverAll()
        pair.sensor.onQueue {
            pair.sensor.delegate.onWrite = { manager, requests in
                guard let first = requests.first else { return }
                let fits = requests.allSatisfy { $0.offset + ($0.value?.count ?? 0) <= 50 }
                manager.respond(to: first, withResult: fits ? .success : .invalidAttributeValueLength)
            }
        }
        let writable = try pair.characteristic(PairDatabase.writable, in: primary)
        let long = Data((0..<50).map { UInt8(200 - $0) })
        pair.onCentralQueue { pair.peripheral.writeValue(long, for: writable, type: .withResponse) }
        guard case .valueWritten("FFF3", nil) = try await pair.events.next() else {
            Issue.record("the long write did not succeed")
            return
        }
        #expect(
            try await pair.sensor.delegate.next()
                == .write([.init(uuid: PairDatabase.writable, offset: 0, value: long)]))

        let tooLong = long + Data([1, 2, 3])
        pair.onCentralQueue { pair.peripheral.writeValue(tooLong, for: writable, type: .withResponse) }
        guard case .valueWritten("FFF3", let refused) = try await pair.events.next() else {
            Issue.record("the refused long write did not call back")
            return
        }
        #expect(
            refused
                == ErrorSummary(domain: CBATTErrorDomain, code: CBATTError.Code.invalidAttributeValueLength.rawValue))
    }

    @Test("the central's maximumUpdateValueLength is ATT_MTU - 3, and longer updates arrive cut to it")
    func updateLength() async throws {
        var pair = try await Self.connect(peripheralMTU: 23)
        defer { pair.disconnect() }
        let primary = try await pair.discoverAll()
        let notifying = try pair.characteristic(PairDatabase.notifying, in: primary)
        pair.onCentralQueue { pair.peripheral.setNotifyValue(true, for: notifying) }
        let length = try await pair.sensor.delegate.next { event -> Int? in
            guard case .subscribed(PairDatabase.notifying, _, let length, _) = event else { return nil }
            return length
        }
        #expect(length == 20)
        let value = Data((0..<30).map { UInt8($0) })
        #expect(
            pair.sensor.onQueue {
                pair.sensor.manager.updateValue(value, for: pair.database.notifying, onSubscribedCentrals: nil)
            })
        let received = try await pair.events.next { event -> Data? in
            guard case .valueUpdated("FFF4", let data?, nil) = event else { return nil }
            return data
        }
        #expect(received == value.prefix(20))
    }

    @Test("a central that caps its own ATT_MTU at 23 sees 20-byte writes without response and 20-byte updates")
    func centralCap() async throws {
        var pair = try await Self.connect(centralMTU: 23)
        defer { pair.disconnect() }
        #expect(pair.onCentralQueue { pair.peripheral.maximumWriteValueLength(for: .withoutResponse) } == 20)
        let primary = try await pair.discoverAll()
        let notifying = try pair.characteristic(PairDatabase.notifying, in: primary)
        pair.onCentralQueue { pair.peripheral.setNotifyValue(true, for: notifying) }
        let length = try await pair.sensor.delegate.next { event -> Int? in
            guard case .subscribed(PairDatabase.notifying, _, let length, _) = event else { return nil }
            return length
        }
        #expect(length == 20)
    }

    @Test("without the option the ATT_MTU is the largest, 517")
    func defaultMTU() async throws {
        var pair = try await Self.connect()
        defer { pair.disconnect() }
        #expect(pair.onCentralQueue { pair.peripheral.maximumWriteValueLength(for: .withoutResponse) } == 512)
        _ = try await pair.discoverAll()
    }
}
