import CoreBluetooth
import Dispatch
import Foundation
import Synchronization

/// A small app under test: a central that scans for one service, connects to what it finds, discovers everything
/// and records what its delegates hear, on a queue of its own as an app's would.
final class CentralProbe: NSObject, CBCentralManagerDelegate, CBPeripheralDelegate, @unchecked Sendable {
    /// How one read ended.
    enum Read: Equatable {
        case value(Data)
        case attError(CBATTError.Code)
        case failed(CBError.Code?)
    }

    struct Record {
        var states: [CBManagerState] = []
        var discovered: [UUID] = []
        var advertisedNames: [String?] = []
        var signalStrengths: [Int] = []
        var connections = 0
        var disconnections: [CBError.Code?] = []
        var failures: [CBError.Code?] = []
        var characteristics: Set<CBUUID> = []
        var reads: [Read] = []
        var notifications: [Data] = []
        var modifiedServices = 0
    }

    let queue = DispatchQueue(label: "central probe")
    let service: CBUUID
    let autoConnect: Bool
    let connectOptions: [String: Any]?
    private let record = Mutex(Record())
    private(set) var manager: CBCentralManager!
    var peripheral: CBPeripheral?
    /// The characteristics discovered; on the queue.
    private var found: [CBUUID: CBCharacteristic] = [:]

    init(service: CBUUID, autoConnect: Bool = true, connectOptions: [String: Any]? = nil) {
        self.service = service
        self.autoConnect = autoConnect
        self.connectOptions = connectOptions
        super.init()
        manager = CBCentralManager(delegate: self, queue: queue)
    }

    /// What the delegates heard so far.
    var heard: Record { record.withLock { $0 } }

    func centralManagerDidUpdateState(_ central: CBCentralManager) {
        record.withLock { $0.states.append(central.state) }
        if central.state == .poweredOn { central.scanForPeripherals(withServices: [service]) }
    }

    func centralManager(
        _ central: CBCentralManager, didDiscover peripheral: CBPeripheral, advertisementData: [String: Any],
        rssi RSSI: NSNumber
    ) {
        let name = advertisementData[CBAdvertisementDataLocalNameKey] as? String
        record.withLock { record in
            record.discovered.append(peripheral.identifier)
            record.advertisedNames.append(name)
            record.signalStrengths.append(RSSI.intValue)
        }
        guard autoConnect, self.peripheral == nil else { return }
        central.stopScan()
        self.peripheral = peripheral
        peripheral.delegate = self
        central.connect(peripheral, options: connectOptions)
    }

    func centralManager(_ central: CBCentralManager, didConnect peripheral: CBPeripheral) {
        record.withLock { $0.connections += 1 }
        peripheral.discoverServices(nil)
    }

    func centralManager(_ central: CBCentralManager, didFailToConnect peripheral: CBPeripheral, error: (any Error)?) {
        record.withLock { $0.failures.append((error as? CBError)?.code) }
    }

    func centralManager(
        _ central: CBCentralManager, didDisconnectPeripheral peripheral: CBPeripheral, error: (any Error)?
    ) {
        record.withLock { $0.disconnections.append((error as? CBError)?.code) }
    }

    func peripheral(_ peripheral: CBPeripheral, didDiscoverServices error: (any Error)?) {
        for service in peripheral.services ?? [] { peripheral.discoverCharacteristics(nil, for: service) }
    }

    func peripheral(
        _ peripheral: CBPeripheral, didDiscoverCharacteristicsFor service: CBService, error: (any Error)?
    ) {
        for characteristic in service.characteristics ?? [] { found[characteristic.uuid] = characteristic }
        let uuids = found.keys
        record.withLock { $0.characteristics = Set(uuids) }
    }

    func peripheral(
        _ peripheral: CBPeripheral, didUpdateValueFor characteristic: CBCharacteristic, error: (any Error)?
    ) {
        record.withLock { record in
            if let error = error as? CBATTError {
                record.reads.append(.attError(error.code))
            } else if let error {
                record.reads.append(.failed((error as? CBError)?.code))
            } else if characteristic.isNotifying {
                record.notifications.append(characteristic.value ?? Data())
            } else {
                record.reads.append(.value(characteristic.value ?? Data()))
            }
        }
    }

    func peripheral(_ peripheral: CBPeripheral, didModifyServices invalidatedServices: [CBService]) {
        record.withLock { $0.modifiedServices += 1 }
    }

    /// Reads a characteristic the probe discovered, on its queue.
    func read(_ uuid: CBUUID) {
        queue.async { [self] in
            guard let characteristic = found[uuid] else { return }
            peripheral?.readValue(for: characteristic)
        }
    }

    /// Writes (with response) a characteristic the probe discovered, on its queue.
    func write(_ value: Data, to uuid: CBUUID) {
        queue.async { [self] in
            guard let characteristic = found[uuid] else { return }
            peripheral?.writeValue(value, for: characteristic, type: .withResponse)
        }
    }

    /// Subscribes to a characteristic the probe discovered, on its queue.
    func subscribe(_ uuid: CBUUID) {
        queue.async { [self] in
            guard let characteristic = found[uuid] else { return }
            peripheral?.setNotifyValue(true, for: characteristic)
        }
    }
}
