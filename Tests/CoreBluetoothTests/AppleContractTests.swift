import CoreBluetooth
import Testing

/// A peripheral delegate that records, in one stream, which RSSI callback iOS would have called, and service
/// discoveries as a marker that nothing else came before them.
final class RSSICallbackRecorder: NSObject, CBPeripheralDelegate, Sendable {
    let calls: AsyncStream<String>
    private let sink: AsyncStream<String>.Continuation

    override init() {
        (calls, sink) = AsyncStream.makeStream(of: String.self)
    }

    func peripheralDidUpdateRSSI(_ peripheral: CBPeripheral, error: (any Error)?) {
        sink.yield(error == nil ? "peripheralDidUpdateRSSI" : "peripheralDidUpdateRSSI failed")
    }

    func peripheral(_ peripheral: CBPeripheral, didDiscoverServices error: (any Error)?) {
        sink.yield("didDiscoverServices")
    }
}

/// A recorder that also implements the current RSSI callback, which iOS then calls instead of the deprecated one.
final class CurrentRSSICallbackRecorder: NSObject, CBPeripheralDelegate, Sendable {
    let calls: AsyncStream<String>
    private let sink: AsyncStream<String>.Continuation

    override init() {
        (calls, sink) = AsyncStream.makeStream(of: String.self)
    }

    func peripheralDidUpdateRSSI(_ peripheral: CBPeripheral, error: (any Error)?) {
        sink.yield("peripheralDidUpdateRSSI")
    }

    func peripheral(_ peripheral: CBPeripheral, didReadRSSI RSSI: NSNumber, error: (any Error)?) {
        sink.yield(error == nil && RSSI.intValue != 127 ? "didReadRSSI" : "didReadRSSI failed")
    }

    func peripheral(_ peripheral: CBPeripheral, didDiscoverServices error: (any Error)?) {
        sink.yield("didDiscoverServices")
    }
}

@Suite("Apple's documented contracts", .serialized, .timeLimit(.minutes(1)))
struct AppleContractTests {
    @Test(
        "readRSSI calls the deprecated peripheralDidUpdateRSSI on a delegate without didReadRSSI, and only didReadRSSI otherwise"
    )
    func legacyRSSICallback() async throws {
        let pair = try await ManagerPair.connect()
        defer { pair.disconnect() }
        let legacy = RSSICallbackRecorder()
        pair.onCentralQueue {
            pair.peripheral.delegate = legacy
            pair.peripheral.readRSSI()
            pair.peripheral.discoverServices(nil)
        }
        var legacyCalls = legacy.calls.makeAsyncIterator()
        #expect(await legacyCalls.next() == "peripheralDidUpdateRSSI")
        #expect(await legacyCalls.next() == "didDiscoverServices")

        let current = CurrentRSSICallbackRecorder()
        pair.onCentralQueue {
            pair.peripheral.delegate = current
            pair.peripheral.readRSSI()
            pair.peripheral.discoverServices(nil)
        }
        var currentCalls = current.calls.makeAsyncIterator()
        #expect(await currentCalls.next() == "didReadRSSI")
        #expect(await currentCalls.next() == "didDiscoverServices", "the deprecated callback is not called as well")
    }

    @Test("a central manager drops scan and retrieve before it is powered on: isScanning stays false")
    func centralCommandsBeforePowerOn() async throws {
        let recorder = CentralRecorder(label: #function)
        let (manager, isScanning, retrieved) = recorder.queue.sync {
            let manager = CBCentralManager(delegate: recorder, queue: recorder.queue)
            manager.scanForPeripherals(withServices: nil, options: nil)
            return (manager, manager.isScanning, manager.retrievePeripherals(withIdentifiers: [UUID()]).count)
        }
        #expect(!isScanning)
        #expect(retrieved == 0)
        var events = EventCursor(recorder)
        guard case .state(.poweredOn) = try await events.next() else {
            Issue.record("the first callback is not the power-on state")
            return
        }
        #expect(recorder.queue.sync { manager.isScanning } == false)
    }

    @Test("a peripheral manager drops startAdvertising before it is powered on: no callback, isAdvertising false")
    func peripheralCommandsBeforePowerOn() async throws {
        let queue = RecordingPeripheralManagerDelegate.makeQueue()
        let delegate = RecordingPeripheralManagerDelegate(queue: queue)
        let manager = queue.sync {
            let manager = CBPeripheralManager(
                delegate: delegate, queue: queue, options: [CBManagerOptionTransportKey: "virtual"])
            manager.startAdvertising([CBAdvertisementDataLocalNameKey: "early"])
            return manager
        }
        #expect(try await delegate.next() == .state(.poweredOn, onQueue: true))
        #expect(manager.isAdvertising == false)
        let service = CBMutableService(type: CBUUID(nsuuid: UUID()), primary: true)
        queue.sync { manager.add(service) }
        #expect(try await delegate.next() == .added(service.uuid, error: nil), "no advertising callback came first")
    }

    @Test("a disconnected peripheral forgets its services, cannot write without response, and writes 512 / 20 bytes")
    func disconnectedPeripheral() async throws {
        var pair = try await ManagerPair.connect()
        _ = try await pair.discoverAll()
        pair.disconnect()
        let error = try await pair.events.next { event -> ErrorSummary?? in
            if case .disconnected(_, let error) = event { return .some(error) }
            return nil
        }
        #expect(error == nil, "a local cancel reports no error")
        let peripheral = pair.peripheral
        #expect(pair.onCentralQueue { peripheral.state } == .disconnected)
        #expect(pair.onCentralQueue { peripheral.services } == nil)
        #expect(pair.onCentralQueue { peripheral.canSendWriteWithoutResponse } == false)
        #expect(pair.onCentralQueue { peripheral.maximumWriteValueLength(for: .withResponse) } == 512)
        #expect(pair.onCentralQueue { peripheral.maximumWriteValueLength(for: .withoutResponse) } == 20)
    }
}
