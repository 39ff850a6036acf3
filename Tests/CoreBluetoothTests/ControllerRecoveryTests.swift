import CoreBluetooth
import HCI
import Testing
import VirtualRadio

/// A controller a test brings up and takes away: a `bluetooth sim` on 127.0.0.1 serving one client at a time, on
/// a port that refuses connections until ``accept()``.
private final class ComingController: Sendable {
    let port: UInt16
    let server = SimServer()

    /// Picks a free port and leaves nothing listening on it.
    init() async throws {
        let probe = try await TCPListener.listen(host: "127.0.0.1", port: 0)
        port = probe.port
        await probe.close()
    }

    var transport: String { "tcp:127.0.0.1:\(port)" }

    /// Listens, serves the first client to connect with a controller on the shared air, then stops listening;
    /// returns that client's connection, which the test closes to take the controller away.
    func accept() async throws -> FileDescriptorTransport {
        let listener = try await TCPListener.listen(host: "127.0.0.1", port: port)
        var clients = listener.connections.makeAsyncIterator()
        let client = try #require(try await clients.next())
        await listener.close()
        Task { await server.serve(client) }
        return client
    }
}

@Suite("Managers wait for their controller and recover it", .serialized, .timeLimit(.minutes(1)))
struct ControllerRecoveryTests {
    @Test(
        "a central manager started before its controller is poweredOff, then poweredOn when the controller comes, poweredOff when it goes and poweredOn when it is back"
    )
    func centralRecovers() async throws {
        let controller = try await ComingController()
        let recorder = CentralRecorder(label: "recovery")
        let manager = CBCentralManager(
            delegate: recorder, queue: recorder.queue, options: [CBManagerOptionTransportKey: controller.transport])
        recorder.manager = manager
        var events = EventCursor(recorder)
        #expect(try await Self.nextState(&events) == .poweredOff)
        let refused = recorder.queue.sync { manager.unavailabilityReason }
        #expect(refused?.contains("refused") == true, "\(refused ?? "no reason")")

        let first = try await controller.accept()
        #expect(try await Self.nextState(&events) == .poweredOn)
        #expect(recorder.queue.sync { manager.unavailabilityReason } == nil)
        recorder.queue.sync { manager.scanForPeripherals(withServices: nil) }
        #expect(recorder.queue.sync { manager.isScanning })

        await first.close()
        #expect(try await Self.nextState(&events) == .poweredOff)
        #expect(recorder.queue.sync { manager.isScanning } == false)
        #expect(recorder.queue.sync { manager.unavailabilityReason } != nil)

        let second = try await controller.accept()
        #expect(try await Self.nextState(&events) == .poweredOn)
        await second.close()
        #expect(try await Self.nextState(&events) == .poweredOff)
    }

    @Test(
        "a peripheral manager whose controller goes away and comes back publishes its services again and resumes advertising, as iOS keeps them at poweredOff"
    )
    func peripheralRecovers() async throws {
        let controller = try await ComingController()
        let queue = RecordingPeripheralManagerDelegate.makeQueue()
        let delegate = RecordingPeripheralManagerDelegate(queue: queue)
        let manager = CBPeripheralManager(
            delegate: delegate, queue: queue, options: [CBManagerOptionTransportKey: controller.transport])
        #expect(try await delegate.next() == .state(.poweredOff, onQueue: true))
        let first = try await controller.accept()
        #expect(try await delegate.next() == .state(.poweredOn, onQueue: true))
        let fixture = PeripheralManagerFixture(manager: manager, delegate: delegate)
        let service = CBMutableService(type: CBUUID(string: "FFF7"), primary: true)
        try await fixture.publishAndAdvertise([service])

        await first.close()
        #expect(try await delegate.next() == .state(.poweredOff, onQueue: true))
        #expect(fixture.onQueue { manager.isAdvertising } == false)
        _ = try await controller.accept()
        #expect(try await delegate.next() == .state(.poweredOn, onQueue: true))

        let recorder = CentralRecorder(label: "recovery central")
        let central = CBCentralManager(
            delegate: recorder, queue: recorder.queue, options: [CBManagerOptionTransportKey: controller.transport])
        recorder.manager = central
        var events = EventCursor(recorder)
        async let centralController = controller.accept()
        _ = try await events.next { event -> Bool? in
            if case .state(.poweredOn) = event { return true }
            return nil
        }
        _ = try await centralController
        recorder.queue.sync { central.scanForPeripherals(withServices: [service.uuid]) }
        let found = try await events.next { event -> Advertisement? in
            if case .discovered(_, let advertisement) = event { return advertisement }
            return nil
        }
        #expect(found.localName == fixture.name)
        #expect(found.serviceUUIDs == ["FFF7"])
    }

    @Test(
        "a central connected when its controller goes away hears poweredOff and no didDisconnectPeripheral, its peripheral disconnected, as iOS when Bluetooth is turned off"
    )
    func connectedCentralLosesController() async throws {
        let controller = try await ComingController()
        let queue = RecordingPeripheralManagerDelegate.makeQueue()
        let delegate = RecordingPeripheralManagerDelegate(queue: queue)
        async let peripheralController = controller.accept()
        let manager = CBPeripheralManager(
            delegate: delegate, queue: queue, options: [CBManagerOptionTransportKey: controller.transport])
        _ = try await peripheralController
        while try await delegate.next() != .state(.poweredOn, onQueue: true) {}
        let fixture = PeripheralManagerFixture(manager: manager, delegate: delegate)
        let service = CBMutableService(type: CBUUID(string: "FFF8"), primary: true)
        try await fixture.publishAndAdvertise([service])

        let recorder = CentralRecorder(label: "losing central")
        async let centralController = controller.accept()
        let central = CBCentralManager(
            delegate: recorder, queue: recorder.queue, options: [CBManagerOptionTransportKey: controller.transport])
        recorder.manager = central
        var events = EventCursor(recorder)
        let transport = try await centralController
        _ = try await events.next { event -> Bool? in
            if case .state(.poweredOn) = event { return true }
            return nil
        }
        recorder.queue.sync { central.scanForPeripherals(withServices: [service.uuid]) }
        let peripheral = try await events.next { event -> CBPeripheral? in
            if case .discovered(let peripheral, _) = event { return peripheral }
            return nil
        }
        recorder.queue.sync {
            central.stopScan()
            central.connect(peripheral)
        }
        _ = try await events.next { event -> Bool? in
            if case .connected = event { return true }
            return nil
        }

        await transport.close()
        let after = try await events.next()
        guard case .state(.poweredOff) = after else {
            Issue.record("the first event after the controller went away is \(after), not poweredOff")
            return
        }
        #expect(recorder.queue.sync { peripheral.state } == .disconnected)
    }

    private static func nextState(_ events: inout EventCursor) async throws -> CBManagerState {
        try await events.next { event -> CBManagerState? in
            if case .state(let state) = event { return state }
            return nil
        }
    }
}
