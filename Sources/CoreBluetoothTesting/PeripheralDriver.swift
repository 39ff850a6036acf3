import CoreBluetooth
import Dispatch
import Foundation
import Synchronization

/// The delegate of a simulated peripheral's `CBPeripheralManager`: publishes the spec's services and advertises
/// once powered on, answers requests as the spec's responder says, and keeps the values, writes and subscriptions
/// the test looks at. Runs on the peripheral's queue; what the test reads is behind a lock.
final class PeripheralDriver: NSObject, CBPeripheralManagerDelegate, @unchecked Sendable {
    private struct Store {
        var values: [CBUUID: Data] = [:]
        var writes: [(characteristic: CBUUID, value: Data)] = []
        var subscribed: [CBUUID: Int] = [:]
    }

    let clock: any Clock<Duration>
    let queue: DispatchQueue
    private let responder: @Sendable (PeripheralRequest) -> PeripheralResponse
    private let store: Mutex<Store>
    /// The services to publish, and the advertisement, when the manager first powers on (then again after
    /// ``republish(_:)``); later power cycles restore them by themselves, as a manager does.
    private var services: [ServiceSpec]
    private var advertisement: [String: Any]
    private var published: [CBMutableService] = []
    /// How many published services the manager has yet to confirm; advertising starts when none is left.
    private var unconfirmed = 0
    private var characteristics: [CBUUID: CBMutableCharacteristic] = [:]
    private var started = false
    /// Finished when the peripheral first advertises (or fails to).
    let advertising: AsyncStream<Void>
    private let advertisingStarted: AsyncStream<Void>.Continuation

    init(spec: PeripheralSpec, clock: any Clock<Duration>, queue: DispatchQueue) {
        self.clock = clock
        self.queue = queue
        responder = spec.responder
        services = spec.services
        advertisement = Self.advertisement(name: spec.name, services: spec.advertisedServices, spec.manufacturerData)
        var values: [CBUUID: Data] = [:]
        for service in spec.services {
            for characteristic in service.characteristics { values[characteristic.uuid] = characteristic.value }
        }
        store = Mutex(Store(values: values))
        (advertising, advertisingStarted) = AsyncStream.makeStream()
    }

    static func advertisement(name: String?, services: [CBUUID], _ manufacturerData: Data?) -> [String: Any] {
        var data: [String: Any] = [:]
        if let name { data[CBAdvertisementDataLocalNameKey] = name }
        if !services.isEmpty { data[CBAdvertisementDataServiceUUIDsKey] = services }
        if let manufacturerData { data[CBAdvertisementDataManufacturerDataKey] = manufacturerData }
        return data
    }

    func value(of characteristic: CBUUID) -> Data? { store.withLock { $0.values[characteristic] } }
    var writes: [(characteristic: CBUUID, value: Data)] { store.withLock { $0.writes } }
    func isSubscribed(_ characteristic: CBUUID) -> Bool {
        store.withLock { $0.subscribed[characteristic, default: 0] > 0 }
    }

    /// Sets a characteristic's value and notifies or indicates it to the centrals subscribed; on the queue.
    func update(_ value: Data, of uuid: CBUUID, on manager: CBPeripheralManager) {
        store.withLock { $0.values[uuid] = value }
        guard let characteristic = characteristics[uuid] else { return }
        manager.updateValue(value, for: characteristic, onSubscribedCentrals: nil)
    }

    /// Advertises `data` from now on; on the queue.
    func advertise(_ data: [String: Any], on manager: CBPeripheralManager) {
        advertisement = data
        manager.stopAdvertising()
        manager.startAdvertising(data)
    }

    /// Replaces the published services with `services` (the connected centrals get Service Changed); on the queue.
    func republish(_ services: [ServiceSpec], on manager: CBPeripheralManager) {
        manager.removeAllServices()
        store.withLock { store in
            for service in services {
                for characteristic in service.characteristics where store.values[characteristic.uuid] == nil {
                    store.values[characteristic.uuid] = characteristic.value
                }
            }
        }
        self.services = services
        publish(on: manager)
    }

    private func publish(on manager: CBPeripheralManager) {
        published = services.map { spec in
            let service = CBMutableService(type: spec.uuid, primary: spec.primary)
            service.characteristics = spec.characteristics.map { characteristic in
                let made = CBMutableCharacteristic(
                    type: characteristic.uuid, properties: characteristic.properties, value: nil,
                    permissions: characteristic.permissions)
                characteristics[characteristic.uuid] = made
                return made
            }
            return service
        }
        unconfirmed = published.count
        for service in published { manager.add(service) }
    }

    func peripheralManagerDidUpdateState(_ peripheral: CBPeripheralManager) {
        guard peripheral.state == .poweredOn, !started else { return }
        started = true
        publish(on: peripheral)
        if published.isEmpty { peripheral.startAdvertising(advertisement) }
    }

    func peripheralManagerDidStartAdvertising(_ peripheral: CBPeripheralManager, error: (any Error)?) {
        advertisingStarted.finish()
    }

    /// Advertises once the first services are all published, as an app does, so no central finds the database
    /// half built.
    func peripheralManager(_ peripheral: CBPeripheralManager, didAdd service: CBService, error: (any Error)?) {
        unconfirmed -= 1
        if unconfirmed == 0, !peripheral.isAdvertising { peripheral.startAdvertising(advertisement) }
    }

    func peripheralManager(_ peripheral: CBPeripheralManager, didReceiveRead request: CBATTRequest) {
        let uuid = request.characteristic.uuid
        answer(request, with: responder(.read(uuid, offset: request.offset)), on: peripheral) { value in
            let current = value ?? self.store.withLock { $0.values[uuid] } ?? Data()
            guard request.offset <= current.count else { return .invalidOffset }
            request.value = current.dropFirst(request.offset)
            return .success
        }
    }

    func peripheralManager(_ peripheral: CBPeripheralManager, didReceiveWrite requests: [CBATTRequest]) {
        guard let first = requests.first else { return }
        var response = PeripheralResponse.standard
        for request in requests {
            let uuid = request.characteristic.uuid
            let value = request.value ?? Data()
            store.withLock { $0.writes.append((uuid, value)) }
            if case .standard = response { response = responder(.write(uuid, value: value)) }
        }
        answer(first, with: response, on: peripheral) { value in
            self.store.withLock { store in
                for request in requests {
                    store.values[request.characteristic.uuid] = value ?? request.value ?? Data()
                }
            }
            return .success
        }
    }

    func peripheralManager(
        _ peripheral: CBPeripheralManager, central: CBCentral, didSubscribeTo characteristic: CBCharacteristic
    ) {
        store.withLock { $0.subscribed[characteristic.uuid, default: 0] += 1 }
    }

    func peripheralManager(
        _ peripheral: CBPeripheralManager, central: CBCentral, didUnsubscribeFrom characteristic: CBCharacteristic
    ) {
        store.withLock { $0.subscribed[characteristic.uuid, default: 1] -= 1 }
    }

    /// Carries out a response: `accept` turns the value to answer with (nil: the stored one) into the result.
    private func answer(
        _ request: CBATTRequest, with response: PeripheralResponse, on manager: CBPeripheralManager,
        accept: @escaping (Data?) -> CBATTError.Code
    ) {
        switch response {
        case .standard: manager.respond(to: request, withResult: accept(nil))
        case .value(let value): manager.respond(to: request, withResult: accept(value))
        case .error(let code): manager.respond(to: request, withResult: code)
        case .silence: break
        case .delayed(let delay, let later):
            let pending = PendingAnswer(driver: self, request: request, manager: manager, accept: accept)
            Task { [clock, queue] in
                try? await clock.sleep(for: delay)
                queue.async { pending.deliver(later) }
            }
        }
    }

    /// A delayed answer on its way back to the peripheral's queue.
    private struct PendingAnswer: @unchecked Sendable {
        let driver: PeripheralDriver
        let request: CBATTRequest
        let manager: CBPeripheralManager
        let accept: (Data?) -> CBATTError.Code

        func deliver(_ response: PeripheralResponse) {
            driver.answer(request, with: response, on: manager, accept: accept)
        }
    }
}
