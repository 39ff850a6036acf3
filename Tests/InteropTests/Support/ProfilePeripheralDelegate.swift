import CoreBluetooth
import Dispatch

/// A CBPeripheralManager delegate that publishes the whole of bumble/gatt_profile.py as an iOS app would: the
/// services added one after the other, then advertised; 0xFFF2 and 0xFFF3 read and written through
/// didReceiveRead/didReceiveWrite by offset; 0xFFF4 notified and 0xFFF5 indicated once a central subscribes.
final class ProfilePeripheralDelegate: NSObject, CBPeripheralManagerDelegate {
    typealias P = InteropProfile

    let queue = DispatchQueue(label: "interop.profile-peripheral")
    /// Yields nil once advertising, or the error that stopped the set-up.
    let advertising: AsyncStream<(any Error)?>
    private let advertisingSink: AsyncStream<(any Error)?>.Continuation
    private var unpublished: [CBMutableService] = []
    private var waitingUpdates: [(CBMutableCharacteristic, Data, CBCentral)] = []
    /// The dynamic values by characteristic, as the centrals left them; read on ``queue``.
    private(set) var values: [CBUUID: Data] = [
        CBUUID(string: "FFF2"): Data([0x00]), CBUUID(string: "FFF3"): Data([0x00]),
    ]

    override init() {
        (advertising, advertisingSink) = AsyncStream.makeStream()
        super.init()
    }

    private static func characteristic(
        _ uuid: String, _ description: String, _ properties: CBCharacteristicProperties, value: [UInt8]? = nil,
        permissions: CBAttributePermissions = [.readable]
    ) -> CBMutableCharacteristic {
        let characteristic = CBMutableCharacteristic(
            type: CBUUID(string: uuid), properties: properties, value: value.map { Data($0) },
            permissions: permissions)
        characteristic.descriptors = [
            CBMutableDescriptor(
                type: CBUUID(string: CBUUIDCharacteristicUserDescriptionString), value: description)
        ]
        return characteristic
    }

    func peripheralManagerDidUpdateState(_ peripheral: CBPeripheralManager) {
        guard peripheral.state == .poweredOn else { return }
        let included = CBMutableService(type: CBUUID(string: "FFE0"), primary: true)
        included.characteristics = [Self.characteristic("FFE1", "Included", [.read], value: P.includedValue)]
        let primary = CBMutableService(type: CBUUID(string: "FFF0"), primary: true)
        primary.includedServices = [included]
        primary.characteristics = [
            Self.characteristic("FFF1", "Long value", [.read], value: P.longValue),
            Self.characteristic("FFF2", "Writable", [.read, .write], permissions: [.readable, .writeable]),
            Self.characteristic(
                "FFF3", "Reliable write", [.read, .write, .extendedProperties], permissions: [.readable, .writeable]),
            Self.characteristic("FFF4", "Notify", [.notify]),
            Self.characteristic("FFF5", "Indicate", [.indicate]),
        ]
        let wide = CBMutableService(type: CBUUID(string: "9F1C0000-4B6E-4A2E-9C1D-2F3B5A7C8E01"), primary: true)
        wide.characteristics = [
            Self.characteristic("9F1C0001-4B6E-4A2E-9C1D-2F3B5A7C8E01", "128-bit", [.read], value: P.wideValue)
        ]
        unpublished = [primary, wide]
        peripheral.add(included)
    }

    func peripheralManager(_ peripheral: CBPeripheralManager, didAdd service: CBService, error: (any Error)?) {
        if let error {
            advertisingSink.yield(error)
            return
        }
        guard unpublished.isEmpty else {
            peripheral.add(unpublished.removeFirst())
            return
        }
        peripheral.startAdvertising([
            CBAdvertisementDataLocalNameKey: P.serverName, CBAdvertisementDataServiceUUIDsKey: [CBUUID(string: "FFF0")],
        ])
    }

    func peripheralManagerDidStartAdvertising(_ peripheral: CBPeripheralManager, error: (any Error)?) {
        advertisingSink.yield(error)
    }

    func peripheralManager(_ peripheral: CBPeripheralManager, didReceiveRead request: CBATTRequest) {
        let value = values[request.characteristic.uuid] ?? Data()
        guard request.offset <= value.count else {
            return peripheral.respond(to: request, withResult: .invalidOffset)
        }
        request.value = value.subdata(in: request.offset..<value.count)
        peripheral.respond(to: request, withResult: .success)
    }

    func peripheralManager(_ peripheral: CBPeripheralManager, didReceiveWrite requests: [CBATTRequest]) {
        guard let first = requests.first else { return }
        var written = values
        for request in requests {
            let current = written[request.characteristic.uuid] ?? Data()
            guard request.offset <= current.count else {
                return peripheral.respond(to: first, withResult: .invalidOffset)
            }
            written[request.characteristic.uuid] = current.prefix(request.offset) + (request.value ?? Data())
        }
        values = written
        peripheral.respond(to: first, withResult: .success)
    }

    func peripheralManager(
        _ peripheral: CBPeripheralManager, central: CBCentral, didSubscribeTo characteristic: CBCharacteristic
    ) {
        guard let characteristic = characteristic as? CBMutableCharacteristic else { return }
        let value = characteristic.uuid == CBUUID(string: "FFF4") ? P.notifyValue : P.indicateValue
        waitingUpdates.append((characteristic, Data(value), central))
        sendWaitingUpdates(peripheral)
    }

    func peripheralManagerIsReady(toUpdateSubscribers peripheral: CBPeripheralManager) {
        sendWaitingUpdates(peripheral)
    }

    private func sendWaitingUpdates(_ peripheral: CBPeripheralManager) {
        while let (characteristic, value, central) = waitingUpdates.first {
            guard peripheral.updateValue(value, for: characteristic, onSubscribedCentrals: [central]) else { return }
            waitingUpdates.removeFirst()
        }
    }
}
