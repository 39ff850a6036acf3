import CoreBluetooth
import Host
import Testing

/// A delegate that implements only the iOS 17 disconnection callback, as apps that use auto-reconnect do.
private final class ReconnectRecorder: NSObject, CBCentralManagerDelegate, Sendable {
    enum Event: Sendable {
        case state(CBManagerState)
        case discovered(CBPeripheral)
        case connected(CBPeripheral)
        case disconnected(CBPeripheral, isReconnecting: Bool, failed: Bool)
    }

    let queue = DispatchQueue(label: "auto-reconnect")
    let events: AsyncStream<Event>
    private let sink: AsyncStream<Event>.Continuation

    override init() {
        (events, sink) = AsyncStream.makeStream()
    }

    func centralManagerDidUpdateState(_ central: CBCentralManager) { sink.yield(.state(central.state)) }

    func centralManager(
        _ central: CBCentralManager, didDiscover peripheral: CBPeripheral, advertisementData: [String: Any],
        rssi RSSI: NSNumber
    ) { sink.yield(.discovered(peripheral)) }

    func centralManager(_ central: CBCentralManager, didConnect peripheral: CBPeripheral) {
        sink.yield(.connected(peripheral))
    }

    func centralManager(
        _ central: CBCentralManager, didDisconnectPeripheral peripheral: CBPeripheral, timestamp: CFAbsoluteTime,
        isReconnecting: Bool, error: (any Error)?
    ) { sink.yield(.disconnected(peripheral, isReconnecting: isReconnecting, failed: error != nil)) }
}

@Suite("CBConnectPeripheralOptionEnableAutoReconnect", .timeLimit(.minutes(2)))
struct AutoReconnectTests {
    /// A central manager for `recorder` that found the device advertising `service` and connected to it with
    /// `options`; the events that follow come from the iterator returned.
    private static func connect(
        to service: CBUUID, _ recorder: ReconnectRecorder, options: [String: Any]?
    ) async throws -> (CBCentralManager, CBPeripheral, AsyncStream<ReconnectRecorder.Event>.Iterator) {
        let manager = CBCentralManager(delegate: recorder, queue: recorder.queue)
        var events = recorder.events.makeAsyncIterator()
        guard case .state(.poweredOn) = await events.next() else { throw AutoReconnectFailure("not powered on") }
        recorder.queue.sync { manager.scanForPeripherals(withServices: [service]) }
        guard case .discovered(let peripheral) = await events.next() else { throw AutoReconnectFailure("no discovery") }
        recorder.queue.sync {
            manager.stopScan()
            manager.connect(peripheral, options: options)
        }
        guard case .connected = await events.next() else { throw AutoReconnectFailure("no connection") }
        return (manager, peripheral, events)
    }

    @Test("a link the peer drops is reconnected: isReconnecting is true, then didConnect; a cancel stops it")
    func reconnectsAfterRemoteDisconnection() async throws {
        let (device, service) = try await CentralFixture.device()
        defer { Task { await device.stop() } }
        let recorder = ReconnectRecorder()
        let (manager, peripheral, events) = try await Self.connect(
            to: service, recorder, options: [CBConnectPeripheralOptionEnableAutoReconnect: true])
        var next = events

        let advertisement = AdvertisementContent(localName: device.name, serviceUUIDs: [])
        try await device.disconnectAll()
        guard case .disconnected(let gone, let reconnecting, let failed) = await next.next() else {
            throw AutoReconnectFailure("no disconnection")
        }
        #expect(gone === peripheral)
        #expect(reconnecting)
        #expect(failed)
        #expect(recorder.queue.sync { peripheral.state } == .connecting)
        try await device.host.startAdvertising(advertisement)
        guard case .connected(let back) = await next.next() else { throw AutoReconnectFailure("not reconnected") }
        #expect(back === peripheral)
        #expect(recorder.queue.sync { peripheral.state } == .connected)

        recorder.queue.sync { manager.cancelPeripheralConnection(peripheral) }
        guard case .disconnected(_, let again, let cancelFailed) = await next.next() else {
            throw AutoReconnectFailure("no disconnection after cancel")
        }
        #expect(!again)
        #expect(!cancelFailed)
        #expect(recorder.queue.sync { peripheral.state } == .disconnected)
    }

    @Test("without the option a dropped link stays down and isReconnecting is false")
    func staysDownWithoutOption() async throws {
        let (device, service) = try await CentralFixture.device()
        defer { Task { await device.stop() } }
        let recorder = ReconnectRecorder()
        let (manager, peripheral, events) = try await Self.connect(to: service, recorder, options: nil)
        defer { withExtendedLifetime(manager) {} }
        var next = events
        try await device.disconnectAll()
        guard case .disconnected(_, let reconnecting, let failed) = await next.next() else {
            throw AutoReconnectFailure("no disconnection")
        }
        #expect(!reconnecting)
        #expect(failed)
        #expect(recorder.queue.sync { peripheral.state } == .disconnected)
    }
}

private struct AutoReconnectFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
