import CoreBluetooth
import Synchronization

/// The delegate an ``AsyncCentral`` installs on its `CBCentralManager`: answers the callers waiting for power,
/// connections and disconnections, feeds the current scan's stream, and keeps one ``AsyncPeripheral`` per
/// peripheral.
///
/// Every callback arrives on the delegate queue; the state is locked because stream termination and
/// cancellation reach it from other threads.
final class CentralEvents: NSObject, CBCentralManagerDelegate, Sendable {
    let waiters = Waiters<CentralWait, Void>()
    private let queue: DispatchQueue
    private let state = Mutex(State())

    private struct State {
        var peripherals: [UUID: AsyncPeripheral] = [:]
        var lastScanToken: UInt64 = 0
        var scan: (token: UInt64, stream: AsyncStream<Discovery>.Continuation)?
    }

    init(queue: DispatchQueue) {
        self.queue = queue
    }

    /// The one ``AsyncPeripheral`` of `peripheral`, made (and made its delegate) the first time; call on the queue.
    func wrapper(of peripheral: CBPeripheral) -> AsyncPeripheral {
        state.withLock { state in
            if let known = state.peripherals[peripheral.identifier], known.peripheral === peripheral { return known }
            let wrapper = AsyncPeripheral(peripheral, queue: queue)
            state.peripherals[peripheral.identifier] = wrapper
            return wrapper
        }
    }

    /// Whether `peripheral` is the one this central wraps under its identifier.
    func owns(_ peripheral: AsyncPeripheral) -> Bool {
        state.withLock { $0.peripherals[peripheral.identifier] === peripheral }
    }

    /// A new token naming one scan.
    func makeScanToken() -> UInt64 {
        state.withLock { state in
            state.lastScanToken += 1
            return state.lastScanToken
        }
    }

    /// Makes `stream` the scan discoveries go to, ending the one it replaces.
    func beginScan(_ token: UInt64, _ stream: AsyncStream<Discovery>.Continuation) {
        let replaced = state.withLock { state in
            defer { state.scan = (token, stream) }
            return state.scan?.stream
        }
        replaced?.finish()
    }

    /// The scan `token` ended; true when it was the current one, so scanning must stop.
    func endScan(_ token: UInt64) -> Bool {
        state.withLock { state in
            guard state.scan?.token == token else { return false }
            state.scan = nil
            return true
        }
    }

    func centralManagerDidUpdateState(_ central: CBCentralManager) {
        switch central.state {
        case .poweredOn:
            waiters.resumeAll(.poweredOn, with: .success(()))
            return
        case .unsupported, .unauthorized:
            waiters.resumeAll(.poweredOn, with: .failure(BluetoothUnavailable(state: central.state)))
        default:
            break
        }
        let (scan, peripherals) = state.withLock { state in
            defer { state.scan = nil }
            return (state.scan?.stream, Array(state.peripherals.values))
        }
        scan?.finish()
        for peripheral in peripherals {
            linkDown(
                peripheral, error: CBError(reporting: .peripheralDisconnected),
                connectError: CBError(reporting: .peripheralDisconnected))
        }
    }

    func centralManager(
        _ central: CBCentralManager, didDiscover peripheral: CBPeripheral, advertisementData: [String: Any],
        rssi RSSI: NSNumber
    ) {
        let discovery = Discovery(
            peripheral: wrapper(of: peripheral), advertisementData: AdvertisementData(advertisementData),
            rssi: RSSI.intValue)
        let scan = state.withLock { $0.scan?.stream }
        scan?.yield(discovery)
    }

    func centralManager(_ central: CBCentralManager, didConnect peripheral: CBPeripheral) {
        waiters.resumeAll(.connection(peripheral.identifier), with: .success(()))
    }

    func centralManager(_ central: CBCentralManager, didFailToConnect peripheral: CBPeripheral, error: (any Error)?) {
        waiters.resumeAll(
            .connection(peripheral.identifier), with: .failure(error ?? CBError(reporting: .connectionFailed)))
    }

    func centralManager(
        _ central: CBCentralManager, didDisconnectPeripheral peripheral: CBPeripheral, error: (any Error)?
    ) {
        linkDown(
            wrapper(of: peripheral), error: error ?? CBError(reporting: .peripheralDisconnected),
            connectError: CBError(reporting: .operationCancelled))
    }

    /// The peripheral's link went down (`error`: why, as the delegate heard it), or its attempt ended: fails what
    /// waits on it, answers its disconnections.
    private func linkDown(_ peripheral: AsyncPeripheral, error: any Error, connectError: any Error) {
        peripheral.events.linkDown(error)
        waiters.resumeAll(.connection(peripheral.identifier), with: .failure(connectError))
        waiters.resumeAll(.disconnection(peripheral.identifier), with: .success(()))
    }
}
