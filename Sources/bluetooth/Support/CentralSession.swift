import CoreBluetooth
import Foundation
import Synchronization

/// A central manager and the delegate of it and its peripherals, for one command: every delegate call becomes a
/// ``CentralEvent`` the command awaits in order, and the command calls CoreBluetooth on ``queue``.
///
/// Ctrl-C (SIGINT) and SIGTERM become an ``CentralEvent/interrupted`` event: a command that does not take it
/// itself gets ``Interrupted`` out of ``next(_:)`` once the peripheral it connected to is disconnected.
final class CentralSession: NSObject, CBCentralManagerDelegate, CBPeripheralDelegate, Sendable {
    /// The queue the manager calls the delegate on and the command calls the manager on.
    let queue = DispatchQueue(label: "bluetooth.central")
    /// The delegate calls, in order.
    let events: AsyncStream<CentralEvent>
    private let sink: AsyncStream<CentralEvent>.Continuation
    /// The manager and the peripheral it connected to, for disconnecting when interrupted.
    private let held = Mutex<(CBCentralManager?, CBPeripheral?)>((nil, nil))
    /// The SIGINT and SIGTERM handler's registration, kept for as long as the session lives.
    private let interruption = Mutex<Signals.Registration?>(nil)
    /// The pairing agent, held here because the manager holds it weakly.
    private let agent: CommandPairingAgent?
    /// How many times a peripheral said its services changed (`peripheral(_:didModifyServices:)`).
    private let modifications = Mutex(0)

    private init(agent: CommandPairingAgent?) {
        self.agent = agent
        (events, sink) = AsyncStream.makeStream(of: CentralEvent.self)
        super.init()
        let sink = sink
        interruption.withLock { $0 = Signals.onTermination { sink.yield(.interrupted) } }
    }

    /// A session whose manager uses the command's transport and btsnoop options, and pairs as `pairing` says, once
    /// it is powered on.
    static func start(
        _ options: GlobalOptions, _ progress: Progress, pairing: PairingOptions? = nil
    ) async throws -> (CentralSession, CBCentralManager) {
        let session = CentralSession(agent: pairing?.agent())
        var managerOptions = options.managerOptions()
        if let agent = session.agent {
            managerOptions[CBManagerOptionPairingAgentKey] = agent
        }
        let manager = CBCentralManager(delegate: session, queue: session.queue, options: managerOptions)
        session.held.withLock { $0.0 = manager }
        try await session.awaitController(of: manager, options, progress)
        return (session, manager)
    }

    /// Waits until `manager` is powered on; while it is powered off on a transport whose controller may still come,
    /// says so after a moment and fails after ``ControllerWait/patience``; any other state fails at once, with its
    /// cause.
    private func awaitController(
        of manager: CBCentralManager, _ options: GlobalOptions, _ progress: Progress
    ) async throws {
        let wait = ControllerWait(options)
        let sink = sink
        let watch = wait.watch(manager, on: queue, progress) { sink.yield(.timedOut($0.description)) }
        defer { watch.cancel() }
        for await event in events {
            switch event {
            case .state(.poweredOn): return
            case .state(.unknown), .state(.resetting): continue
            case .state(.poweredOff) where wait.mayStillCome: continue
            case .state(let state):
                throw await options.failure(for: state, reason: queue.sync { manager.unavailabilityReason })
            case .timedOut(let message): throw CommandFailure(message)
            case .interrupted: throw Interrupted()
            default: continue
            }
        }
        throw CommandFailure("the Bluetooth stack stopped")
    }

    /// Remembers the peripheral the command connected to, to disconnect it when interrupted.
    func hold(_ peripheral: CBPeripheral) {
        held.withLock { $0.1 = peripheral }
    }

    /// The next event `match` accepts, skipping the others; fails when the manager stops or a timeout passes, and
    /// throws ``Interrupted`` after disconnecting at Ctrl-C.
    func next<T>(_ match: (CentralEvent) throws -> T?) async throws -> T {
        for await event in events {
            if let found = try match(event) { return found }
            if case .timedOut(let message) = event { throw CommandFailure(message) }
            if case .state(let state) = event, state == .poweredOff { throw CommandFailure("the controller went away") }
            if case .interrupted = event {
                await disconnect()
                throw Interrupted()
            }
        }
        throw CommandFailure("the Bluetooth stack stopped")
    }

    /// Cancels the connection to the held peripheral and waits (at most two seconds) until it is down.
    func disconnect() async {
        let (manager, peripheral) = held.withLock { held in
            defer { held.1 = nil }
            return held
        }
        guard let manager, let peripheral else { return }
        let connected = queue.sync { () -> Bool in
            guard peripheral.state != .disconnected else { return false }
            manager.cancelPeripheralConnection(peripheral)
            return true
        }
        guard connected else { return }
        let timer = timeout(after: 2, "disconnecting took too long")
        defer { timer.cancel() }
        for await event in events {
            switch event {
            case .disconnected(let identifier, _) where identifier == peripheral.identifier: return
            case .timedOut: return
            default: continue
            }
        }
    }

    /// Makes ``next(_:)`` fail with `message` once `seconds` pass.
    func timeout(after seconds: Double, _ message: String) -> Task<Void, Never> {
        let sink = sink
        return Task {
            guard (try? await Task.sleep(for: .seconds(seconds))) != nil else { return }
            sink.yield(.timedOut(message))
        }
    }

    func centralManagerDidUpdateState(_ central: CBCentralManager) {
        sink.yield(.state(central.state))
    }

    func centralManager(
        _ central: CBCentralManager, didDiscover peripheral: CBPeripheral, advertisementData: [String: Any],
        rssi RSSI: NSNumber
    ) {
        sink.yield(.discovered(peripheral, CentralEvent.Advertisement(advertisementData, rssi: RSSI)))
    }

    func centralManager(_ central: CBCentralManager, didConnect peripheral: CBPeripheral) {
        sink.yield(.connected(peripheral.identifier))
    }

    func centralManager(_ central: CBCentralManager, didFailToConnect peripheral: CBPeripheral, error: (any Error)?) {
        sink.yield(
            .failedToConnect(
                peripheral.identifier,
                error.map(CentralEvent.Failure.init) ?? CentralEvent.Failure(CBError(.connectionFailed))))
    }

    func centralManager(
        _ central: CBCentralManager, didDisconnectPeripheral peripheral: CBPeripheral, error: (any Error)?
    ) {
        sink.yield(.disconnected(peripheral.identifier, error.map(CentralEvent.Failure.init)))
    }

    /// How many times a peripheral has said its services changed; a command that walks the tree compares it before
    /// and after, and walks again when it moved.
    var servicesModifications: Int { modifications.withLock { $0 } }

    func peripheral(_ peripheral: CBPeripheral, didModifyServices invalidatedServices: [CBService]) {
        modifications.withLock { $0 += 1 }
    }

    func peripheral(_ peripheral: CBPeripheral, didDiscoverServices error: (any Error)?) {
        sink.yield(.servicesDiscovered(error.map(CentralEvent.Failure.init)))
    }

    func peripheral(
        _ peripheral: CBPeripheral, didDiscoverIncludedServicesFor service: CBService, error: (any Error)?
    ) {
        sink.yield(.includedServicesDiscovered(error.map(CentralEvent.Failure.init)))
    }

    func peripheral(_ peripheral: CBPeripheral, didDiscoverCharacteristicsFor service: CBService, error: (any Error)?) {
        sink.yield(.characteristicsDiscovered(error.map(CentralEvent.Failure.init)))
    }

    func peripheral(
        _ peripheral: CBPeripheral, didDiscoverDescriptorsFor characteristic: CBCharacteristic, error: (any Error)?
    ) {
        sink.yield(.descriptorsDiscovered(error.map(CentralEvent.Failure.init)))
    }

    func peripheral(
        _ peripheral: CBPeripheral, didUpdateValueFor characteristic: CBCharacteristic, error: (any Error)?
    ) {
        sink.yield(
            .valueUpdated(
                ObjectIdentifier(characteristic), characteristic.value, error.map(CentralEvent.Failure.init)))
    }

    func peripheral(_ peripheral: CBPeripheral, didUpdateValueFor descriptor: CBDescriptor, error: (any Error)?) {
        sink.yield(.descriptorUpdated(error.map(CentralEvent.Failure.init)))
    }

    func peripheral(
        _ peripheral: CBPeripheral, didWriteValueFor characteristic: CBCharacteristic, error: (any Error)?
    ) {
        sink.yield(.valueWritten(error.map(CentralEvent.Failure.init)))
    }

    func peripheral(_ peripheral: CBPeripheral, didWriteValueFor descriptor: CBDescriptor, error: (any Error)?) {
        sink.yield(.descriptorWritten(error.map(CentralEvent.Failure.init)))
    }

    func peripheralIsReady(toSendWriteWithoutResponse peripheral: CBPeripheral) {
        sink.yield(.readyToWrite)
    }

    func peripheral(
        _ peripheral: CBPeripheral, didUpdateNotificationStateFor characteristic: CBCharacteristic,
        error: (any Error)?
    ) {
        sink.yield(.notificationState(characteristic.isNotifying, error.map(CentralEvent.Failure.init)))
    }

    func peripheral(_ peripheral: CBPeripheral, didOpen channel: CBL2CAPChannel?, error: (any Error)?) {
        sink.yield(.channelOpened(channel.map(CentralEvent.Channel.init), error.map(CentralEvent.Failure.init)))
    }
}
