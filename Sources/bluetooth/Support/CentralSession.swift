import CoreBluetooth
import Foundation

/// A central manager and the delegate of it and its peripherals, for one command: every delegate call becomes a
/// ``CentralEvent`` the command awaits in order, and the command calls CoreBluetooth on ``queue``.
final class CentralSession: NSObject, CBCentralManagerDelegate, CBPeripheralDelegate, Sendable {
    /// The queue the manager calls the delegate on and the command calls the manager on.
    let queue = DispatchQueue(label: "bluetooth.central")
    /// The delegate calls, in order.
    let events: AsyncStream<CentralEvent>
    private let sink: AsyncStream<CentralEvent>.Continuation

    private override init() {
        (events, sink) = AsyncStream.makeStream(of: CentralEvent.self)
        super.init()
    }

    /// A session whose manager uses the command's transport and btsnoop options, once it is powered on.
    static func start(_ options: GlobalOptions, _ progress: Progress) async throws -> (CentralSession, CBCentralManager)
    {
        let session = CentralSession()
        let manager = CBCentralManager(delegate: session, queue: session.queue, options: options.managerOptions())
        let state = try await session.next { event -> CBManagerState? in
            if case .state(let state) = event, state != .unknown, state != .resetting { return state }
            return nil
        }
        guard state == .poweredOn else { throw options.notPoweredOn(state) }
        return (session, manager)
    }

    /// The next event `match` accepts, skipping the others; fails when the manager stops or a timeout passes.
    func next<T>(_ match: (CentralEvent) throws -> T?) async throws -> T {
        for await event in events {
            if let found = try match(event) { return found }
            if case .timedOut(let message) = event { throw CommandFailure(message) }
            if case .state(let state) = event, state == .poweredOff { throw CommandFailure("the controller went away") }
        }
        throw CommandFailure("the Bluetooth stack stopped")
    }

    /// Makes ``next(_:)`` fail with `message` once `seconds` pass.
    func timeout(after seconds: Double, _ message: String) -> Task<Void, Never> {
        let sink = sink
        return Task {
            guard (try? await Task.sleep(for: .seconds(seconds))) != nil else { return }
            sink.yield(.timedOut(message))
        }
    }

    /// Turns SIGINT (Ctrl-C) into a timeout event, so that a command waiting in ``next(_:)`` can end cleanly;
    /// cancel the source returned to stop.
    func endOnInterrupt() -> any DispatchSourceSignal {
        signal(SIGINT, SIG_IGN)
        let source = DispatchSource.makeSignalSource(signal: SIGINT, queue: queue)
        let sink = sink
        source.setEventHandler { sink.yield(.timedOut("interrupted")) }
        source.resume()
        return source
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
        sink.yield(.failedToConnect(peripheral.identifier, error.map(ExploreReport.errorName) ?? "connectionFailed"))
    }

    func centralManager(
        _ central: CBCentralManager, didDisconnectPeripheral peripheral: CBPeripheral, error: (any Error)?
    ) {
        sink.yield(.disconnected(peripheral.identifier, error.map(ExploreReport.errorName)))
    }

    func peripheral(_ peripheral: CBPeripheral, didDiscoverServices error: (any Error)?) {
        sink.yield(.servicesDiscovered(error.map(ExploreReport.errorName)))
    }

    func peripheral(
        _ peripheral: CBPeripheral, didDiscoverIncludedServicesFor service: CBService, error: (any Error)?
    ) {
        sink.yield(.includedServicesDiscovered(error.map(ExploreReport.errorName)))
    }

    func peripheral(_ peripheral: CBPeripheral, didDiscoverCharacteristicsFor service: CBService, error: (any Error)?) {
        sink.yield(.characteristicsDiscovered(error.map(ExploreReport.errorName)))
    }

    func peripheral(
        _ peripheral: CBPeripheral, didDiscoverDescriptorsFor characteristic: CBCharacteristic, error: (any Error)?
    ) {
        sink.yield(.descriptorsDiscovered(error.map(ExploreReport.errorName)))
    }

    func peripheral(
        _ peripheral: CBPeripheral, didUpdateValueFor characteristic: CBCharacteristic, error: (any Error)?
    ) {
        sink.yield(
            .valueUpdated(characteristic.uuid.uuidString, characteristic.value, error.map(ExploreReport.errorName)))
    }

    func peripheral(_ peripheral: CBPeripheral, didUpdateValueFor descriptor: CBDescriptor, error: (any Error)?) {
        sink.yield(.descriptorUpdated(error.map(ExploreReport.errorName)))
    }

    func peripheral(
        _ peripheral: CBPeripheral, didWriteValueFor characteristic: CBCharacteristic, error: (any Error)?
    ) {
        sink.yield(.valueWritten(error.map(ExploreReport.errorName)))
    }

    func peripheral(
        _ peripheral: CBPeripheral, didUpdateNotificationStateFor characteristic: CBCharacteristic,
        error: (any Error)?
    ) {
        sink.yield(.notificationState(characteristic.isNotifying, error.map(ExploreReport.errorName)))
    }
}
