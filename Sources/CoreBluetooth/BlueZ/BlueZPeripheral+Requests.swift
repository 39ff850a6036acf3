import BlueZ
import HCI

/// Reads and writes bluetoothd forwards, as `CBATTRequest`s the delegate answers with `respond(to:withResult:)`.
extension BlueZPeripheral {
    /// Handles one call bluetoothd made to the exported objects, on the delegate queue.
    func received(_ request: BlueZServerRequest) {
        guard let manager, manager.state == .poweredOn else {
            return request.fail(BlueZError(answering: CBATTError.Code.unlikelyError.rawValue))
        }
        switch request.call {
        case .read(let path, let offset, let device, let mtu):
            guard let characteristic = characteristics[path] else {
                return request.fail(BlueZError(answering: CBATTError.Code.attributeNotFound.rawValue))
            }
            guard !characteristic.permissions.isDisjoint(with: [.readable, .readEncryptionRequired]) else {
                return request.fail(BlueZError(answering: CBATTError.Code.readNotPermitted.rawValue))
            }
            let attRequest = CBATTRequest(
                central: central(at: device, mtu: mtu), characteristic: characteristic, offset: offset, value: nil)
            guard let delegate = manager.delegate else {
                return request.fail(BlueZError(answering: CBATTError.Code.requestNotSupported.rawValue))
            }
            pending[ObjectIdentifier(attRequest)] = (attRequest, request)
            delegate.peripheralManager(manager, didReceiveRead: attRequest)
        case .write(let path, let value, let offset, let withResponse, let device, let mtu):
            guard let characteristic = characteristics[path] else {
                return request.fail(BlueZError(answering: CBATTError.Code.attributeNotFound.rawValue))
            }
            guard !characteristic.permissions.isDisjoint(with: [.writeable, .writeEncryptionRequired]) else {
                return request.fail(BlueZError(answering: CBATTError.Code.writeNotPermitted.rawValue))
            }
            let attRequest = CBATTRequest(
                central: central(at: device, mtu: mtu), characteristic: characteristic, offset: offset,
                value: Data(value))
            guard let delegate = manager.delegate else {
                return request.fail(BlueZError(answering: CBATTError.Code.requestNotSupported.rawValue))
            }
            if withResponse {
                pending[ObjectIdentifier(attRequest)] = (attRequest, request)
            } else {
                request.succeed()
            }
            delegate.peripheralManager(manager, didReceiveWrite: [attRequest])
        case .startNotify(let path):
            subscribe(path)
        case .stopNotify(let path):
            unsubscribeAll(path)
        case .confirm:
            break
        case .release(let path):
            advertisementReleased(path)
        }
    }

    /// Answers a request handed to the delegate; requests not pending (answered before, or of a central gone) are
    /// ignored.
    func respond(to request: CBATTRequest, withResult result: CBATTError.Code) {
        guard let (_, answer) = pending.removeValue(forKey: ObjectIdentifier(request)) else { return }
        guard result == .success else { return answer.fail(BlueZError(answering: result.rawValue)) }
        if case .read = answer.call {
            answer.succeed(Array(request.value ?? Data()))
        } else {
            answer.succeed()
        }
    }

    func peer(at path: String) -> CBPeer? {
        central(at: path, mtu: nil)
    }

    /// The one central object of the device at `path`, its MTU updated when bluetoothd gave one.
    func central(at path: String, mtu: Int?) -> CBCentral {
        let central = centrals[path] ?? makeCentral(at: path)
        centrals[path] = central
        if let mtu { central.mtu = mtu }
        return central
    }

    private func makeCentral(at path: String) -> CBCentral {
        guard let device = client.device(path), let address = BluetoothAddress(device.address) else {
            return CBCentral(identifier: UUID())
        }
        return CBCentral(
            identifier: CBPeripheralManager.identifier(of: address, type: device.isRandomAddress ? .random : .public))
    }
}
