import CoreBluetooth

/// A central manager's scanning and connections as async calls and streams, made through the delegate API of
/// a `CBCentralManager` it owns.
///
/// It makes the manager on a serial queue of its own, with its own delegate, and hops onto that queue for every
/// call into CoreBluetooth. Callers waiting for a connection or disconnection resume when the delegate hears of
/// it; cancelling a waiting caller's task makes it throw `CancellationError` at once.
public final class AsyncCentral: Sendable {
    /// The wrapped manager; use it only on ``queue``, and do not replace its delegate.
    public let manager: CBCentralManager
    /// The manager's delegate queue.
    public let queue: DispatchQueue
    let events: CentralEvents

    /// Makes a central manager, with the options `CBCentralManager(delegate:queue:options:)` takes, and starts
    /// its host stack.
    public init(options: [String: Any]? = nil) {
        let queue = DispatchQueue(label: "CoreBluetoothAsync.AsyncCentral")
        let events = CentralEvents(queue: queue)
        self.queue = queue
        self.events = events
        manager = CBCentralManager(delegate: events, queue: queue, options: options)
    }

    /// The state of the manager's radio.
    public var state: CBManagerState {
        get async { await queue.hop { [manager] in manager.state } }
    }

    /// Whether the manager is scanning.
    public var isScanning: Bool {
        get async { await queue.hop { [manager] in manager.isScanning } }
    }

    /// Returns once the manager is powered on; throws ``BluetoothUnavailable`` when it reports that it is
    /// unsupported or unauthorized. A manager powered off keeps it waiting.
    public func waitUntilPoweredOn() async throws {
        let (manager, waiters) = (manager, events.waiters)
        try await waiters.wait(for: .poweredOn) { id in
            queue.async {
                switch manager.state {
                case .poweredOn: waiters.resumeAll(.poweredOn, with: .success(()))
                case .unsupported, .unauthorized:
                    waiters.abandon(id, throwing: BluetoothUnavailable(state: manager.state))
                default: break
                }
            }
        }
    }

    /// Scans for peripherals advertising any of `serviceUUIDs` (every peripheral when nil or empty) and streams
    /// what is found; the scan stops when the stream terminates: when the consumer's task is cancelled, or when
    /// the consumer stopped iterating and let go of the stream.
    ///
    /// The manager scans once at a time: a new scan ends the stream of the one it replaces. A manager that is
    /// not powered on gives a stream that ends at once.
    public func scan(
        withServices serviceUUIDs: [CBUUID]? = nil, allowingDuplicates: Bool = false,
        solicitedServiceUUIDs: [CBUUID] = []
    ) -> AsyncStream<Discovery> {
        let (stream, continuation) = AsyncStream.makeStream(of: Discovery.self)
        let (manager, events, queue) = (manager, events, queue)
        let token = events.makeScanToken()
        continuation.onTermination = { _ in
            queue.async { if events.endScan(token), manager.state == .poweredOn { manager.stopScan() } }
        }
        queue.async {
            guard manager.state == .poweredOn else {
                continuation.finish()
                return
            }
            events.beginScan(token, continuation)
            var options: [String: Any] = [CBCentralManagerScanOptionAllowDuplicatesKey: allowingDuplicates]
            if !solicitedServiceUUIDs.isEmpty {
                options[CBCentralManagerScanOptionSolicitedServiceUUIDsKey] = solicitedServiceUUIDs
            }
            manager.scanForPeripherals(withServices: serviceUUIDs, options: options)
        }
        return stream
    }

    /// Connects to `peripheral` and returns once the link is up; throws the error the connection failed with.
    /// The attempt never times out: cancel the task to give up, which cancels the attempt unless another caller
    /// still waits for it.
    public func connect(_ peripheral: AsyncPeripheral) async throws {
        let (manager, events) = (manager, events)
        let key = CentralWait.connection(peripheral.identifier)
        do {
            try await events.waiters.wait(for: key) { id in
                queue.async {
                    guard let error = Self.unusable(peripheral, by: manager, events) else {
                        switch peripheral.peripheral.state {
                        case .connected: events.waiters.resumeAll(key, with: .success(()))
                        case .connecting: break
                        case .disconnected, .disconnecting: manager.connect(peripheral.peripheral)
                        }
                        return
                    }
                    events.waiters.abandon(id, throwing: error)
                }
            }
        } catch is CancellationError {
            await queue.hop {
                guard !events.waiters.isWaiting(key), peripheral.peripheral.state == .connecting else { return }
                manager.cancelPeripheralConnection(peripheral.peripheral)
            }
            throw CancellationError()
        }
    }

    /// Disconnects `peripheral`, or cancels its connection attempt, and returns once it is disconnected; every
    /// call pending on it throws `CBError.peripheralDisconnected`.
    public func disconnect(_ peripheral: AsyncPeripheral) async throws {
        let (manager, events) = (manager, events)
        let key = CentralWait.disconnection(peripheral.identifier)
        try await events.waiters.wait(for: key) { id in
            queue.async {
                if let error = Self.unusable(peripheral, by: manager, events) {
                    events.waiters.abandon(id, throwing: error)
                } else if peripheral.peripheral.state == .disconnected {
                    events.waiters.resumeAll(key, with: .success(()))
                } else {
                    manager.cancelPeripheralConnection(peripheral.peripheral)
                }
            }
        }
    }

    /// The peripherals with the given identifiers that the manager knows or can derive; see
    /// `CBCentralManager.retrievePeripherals(withIdentifiers:)`.
    public func retrievePeripherals(withIdentifiers identifiers: [UUID]) async -> [AsyncPeripheral] {
        await queue.hop { [manager, events] in
            manager.retrievePeripherals(withIdentifiers: identifiers).map(events.wrapper(of:))
        }
    }

    /// The connected peripherals with a discovered service of one of the given UUIDs.
    public func retrieveConnectedPeripherals(withServices serviceUUIDs: [CBUUID]) async -> [AsyncPeripheral] {
        await queue.hop { [manager, events] in
            manager.retrieveConnectedPeripherals(withServices: serviceUUIDs).map(events.wrapper(of:))
        }
    }

    /// Why the manager cannot act on `peripheral` now, or nil when it can; call on the queue.
    private static func unusable(
        _ peripheral: AsyncPeripheral, by manager: CBCentralManager, _ events: CentralEvents
    )
        -> CBError?
    {
        guard manager.state == .poweredOn else { return CBError(reporting: .notConnected) }
        guard events.owns(peripheral) else { return CBError(reporting: .unknownDevice) }
        return nil
    }
}
