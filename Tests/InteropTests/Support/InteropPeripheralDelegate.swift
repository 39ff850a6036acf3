import CoreBluetooth
import Dispatch

/// A CBPeripheralManager delegate serving part of bumble/gatt_profile.py as an iOS app would: 0xFFF1 static
/// with its user description, 0xFFF2 read and write through didReceiveRead/didReceiveWrite, 0xFFF4 notified
/// once a central subscribes. It reports when advertising starts and what was written.
///
/// `@unchecked Sendable`: its state is only touched on `queue`, where the manager calls it.
final class InteropPeripheralDelegate: NSObject, CBPeripheralManagerDelegate, @unchecked Sendable {
    let queue = DispatchQueue(label: "interop.peripheral")
    /// Yields nil once advertising, or the error that stopped the set-up.
    let advertising: AsyncStream<(any Error)?>
    private let advertisingSink: AsyncStream<(any Error)?>.Continuation
    private var writable = Data([0x00])
    private var notify: CBMutableCharacteristic?
    /// Every value written to 0xFFF2, in order.
    private(set) var writes: [Data] = []

    override init() {
        (advertising, advertisingSink) = AsyncStream.makeStream()
        super.init()
    }

    func peripheralManagerDidUpdateState(_ peripheral: CBPeripheralManager) {
        guard peripheral.state == .poweredOn else { return }
        let long = CBMutableCharacteristic(
            type: CBUUID(string: "FFF1"), properties: [.read], value: Data(InteropProfile.longValue),
            permissions: [.readable])
        long.descriptors = [
            CBMutableDescriptor(type: CBUUID(string: CBUUIDCharacteristicUserDescriptionString), value: "Long value")
        ]
        let writable = CBMutableCharacteristic(
            type: CBUUID(string: "FFF2"), properties: [.read, .write], value: nil, permissions: [.readable, .writeable])
        let notify = CBMutableCharacteristic(
            type: CBUUID(string: "FFF4"), properties: [.notify], value: nil, permissions: [.readable])
        self.notify = notify
        let service = CBMutableService(type: CBUUID(string: "FFF0"), primary: true)
        service.characteristics = [long, writable, notify]
        peripheral.add(service)
    }

    func peripheralManager(_ peripheral: CBPeripheralManager, didAdd service: CBService, error: (any Error)?) {
        if let error {
            advertisingSink.yield(error)
            return
        }
        peripheral.startAdvertising([
            CBAdvertisementDataLocalNameKey: InteropProfile.serverName,
            CBAdvertisementDataServiceUUIDsKey: [CBUUID(string: "FFF0")],
        ])
    }

    func peripheralManagerDidStartAdvertising(_ peripheral: CBPeripheralManager, error: (any Error)?) {
        advertisingSink.yield(error)
    }

    func peripheralManager(_ peripheral: CBPeripheralManager, didReceiveRead request: CBATTRequest) {
        guard request.offset <= writable.count else {
            return peripheral.respond(to: request, withResult: .invalidOffset)
        }
        request.value = writable.subdata(in: request.offset..<writable.count)
        peripheral.respond(to: request, withResult: .success)
    }

    func peripheralManager(_ peripheral: CBPeripheralManager, didReceiveWrite requests: [CBATTRequest]) {
        guard let first = requests.first else { return }
        for request in requests {
            writable = request.value ?? Data()
            writes.append(writable)
        }
        peripheral.respond(to: first, withResult: .success)
    }

    func peripheralManager(
        _ peripheral: CBPeripheralManager, central: CBCentral, didSubscribeTo characteristic: CBCharacteristic
    ) {
        guard let notify else { return }
        _ = peripheral.updateValue(Data(InteropProfile.notifyValue), for: notify, onSubscribedCentrals: [central])
    }
}
