import CoreBluetooth
import Synchronization

/// The delegate an ``AsyncPeripheral`` installs on its `CBPeripheral`: turns each callback into the result of
/// the waiter it answers, or into a value of the notification streams.
///
/// Every callback arrives on the manager's delegate queue; the waiters and subscriptions are locked because
/// cancellation and stream termination reach them from other threads.
final class PeripheralEvents: NSObject, CBPeripheralDelegate, Sendable {
    /// Service discoveries: nil for the peripheral's services, a service's identity for its included services.
    let services = Waiters<ObjectIdentifier?, [CBService]>()
    /// Characteristic discoveries, by service.
    let characteristics = Waiters<ObjectIdentifier, [CBCharacteristic]>()
    /// Descriptor discoveries, by characteristic.
    let descriptors = Waiters<ObjectIdentifier, [CBDescriptor]>()
    /// Characteristic reads, by characteristic.
    let values = Waiters<ObjectIdentifier, Data>()
    /// Descriptor reads, by descriptor.
    let descriptorValues = Waiters<ObjectIdentifier, Any>()
    /// Writes with response, by characteristic or descriptor.
    let writes = Waiters<ObjectIdentifier, Void>()
    /// RSSI reads.
    let rssiReads = Waiters<Bool, Int>()
    /// Writers without response waiting for the peripheral to take another write.
    let readyToWrite = Waiters<Bool, Void>()
    /// Channel openings; CoreBluetooth answers one peripheral's openings in the order they were asked, and names
    /// no PSM when one fails.
    let channels = Waiters<Bool, HandedOver<CBL2CAPChannel>>()
    private let subscriptions = Mutex(Subscriptions())

    /// The notification streams of each characteristic, and the notification states asked of CoreBluetooth.
    private struct Subscriptions {
        var lastToken: UInt64 = 0
        var streams: [ObjectIdentifier: [UInt64: AsyncThrowingStream<Data, any Error>.Continuation]] = [:]
        var enabled: Set<ObjectIdentifier> = []
        var requested: [ObjectIdentifier: [Bool]] = [:]
    }

    /// A new token naming one notification stream.
    func makeToken() -> UInt64 {
        subscriptions.withLock { state in
            state.lastToken += 1
            return state.lastToken
        }
    }

    /// Adds a stream of the characteristic's values; true when notifications must be turned on for it.
    func subscribe(
        _ id: ObjectIdentifier, token: UInt64, _ stream: AsyncThrowingStream<Data, any Error>.Continuation
    ) -> Bool {
        subscriptions.withLock { state in
            state.streams[id, default: [:]][token] = stream
            let enable = state.enabled.insert(id).inserted
            if enable { state.requested[id, default: []].append(true) }
            return enable
        }
    }

    /// Removes a stream; true when it was the characteristic's last and notifications must be turned off.
    func unsubscribe(_ id: ObjectIdentifier, token: UInt64) -> Bool {
        subscriptions.withLock { state in
            guard state.streams[id]?.removeValue(forKey: token) != nil else { return false }
            guard state.streams[id]?.isEmpty ?? true, state.enabled.remove(id) != nil else { return false }
            state.streams[id] = nil
            return true
        }
    }

    /// Records that notifications of the characteristic are being turned off.
    func disabling(_ id: ObjectIdentifier) {
        subscriptions.withLock { $0.requested[id, default: []].append(false) }
    }

    /// The link went down: fails every waiter and ends every notification stream with `error`.
    func linkDown(_ error: any Error) {
        let streams = subscriptions.withLock { state in
            defer { state = Subscriptions(lastToken: state.lastToken) }
            return state.streams.values.flatMap(\.values)
        }
        for stream in streams { stream.finish(throwing: error) }
        services.failAll(error)
        characteristics.failAll(error)
        descriptors.failAll(error)
        values.failAll(error)
        descriptorValues.failAll(error)
        writes.failAll(error)
        rssiReads.failAll(error)
        readyToWrite.failAll(error)
        channels.failAll(error)
    }

    /// The error an awaiting caller gets for the one a callback carries: an operation CoreBluetooth cancelled
    /// because the app disconnected reads as `CBError.peripheralDisconnected`, as one the peer's disconnection
    /// failed.
    private func reported(_ error: any Error, by peripheral: CBPeripheral) -> any Error {
        if let error = error as? CBError, error.code == .operationCancelled, peripheral.state != .connected {
            return CBError(reporting: .peripheralDisconnected)
        }
        return error
    }

    private func result<Value>(
        _ error: (any Error)?, by peripheral: CBPeripheral, _ value: () throws -> sending Value
    )
        -> sending Result<Value, any Error>
    {
        if let error { return .failure(reported(error, by: peripheral)) }
        do {
            return .success(try value())
        } catch {
            return .failure(error)
        }
    }

    func peripheral(_ peripheral: CBPeripheral, didDiscoverServices error: (any Error)?) {
        services.resumeFirst(nil, with: result(error, by: peripheral) { peripheral.services ?? [] })
    }

    func peripheral(
        _ peripheral: CBPeripheral, didDiscoverIncludedServicesFor service: CBService, error: (any Error)?
    ) {
        let id = ObjectIdentifier(service)
        services.resumeFirst(
            id,
            with: result(error, by: peripheral) {
                guard let service = peripheral.service(id) else { throw CBError(reporting: .invalidParameters) }
                return service.includedServices ?? []
            })
    }

    func peripheral(
        _ peripheral: CBPeripheral, didDiscoverCharacteristicsFor service: CBService, error: (any Error)?
    ) {
        let id = ObjectIdentifier(service)
        characteristics.resumeFirst(
            id,
            with: result(error, by: peripheral) {
                guard let service = peripheral.service(id) else { throw CBError(reporting: .invalidParameters) }
                return service.characteristics ?? []
            })
    }

    func peripheral(
        _ peripheral: CBPeripheral, didDiscoverDescriptorsFor characteristic: CBCharacteristic, error: (any Error)?
    ) {
        let id = ObjectIdentifier(characteristic)
        descriptors.resumeFirst(
            id,
            with: result(error, by: peripheral) {
                guard let characteristic = peripheral.characteristic(id) else {
                    throw CBError(reporting: .invalidParameters)
                }
                return characteristic.descriptors ?? []
            })
    }

    func peripheral(
        _ peripheral: CBPeripheral, didUpdateValueFor characteristic: CBCharacteristic, error: (any Error)?
    ) {
        let id = ObjectIdentifier(characteristic)
        let value = characteristic.value ?? Data()
        if values.resumeFirst(id, with: result(error, by: peripheral) { value }) { return }
        guard error == nil else { return }
        let streams = subscriptions.withLock { Array(($0.streams[id] ?? [:]).values) }
        for stream in streams { stream.yield(value) }
    }

    func peripheral(_ peripheral: CBPeripheral, didUpdateValueFor descriptor: CBDescriptor, error: (any Error)?) {
        let id = ObjectIdentifier(descriptor)
        descriptorValues.resumeFirst(
            id,
            with: result(error, by: peripheral) {
                guard let descriptor = peripheral.descriptor(id) else { throw CBError(reporting: .invalidParameters) }
                return descriptor.value ?? Data()
            })
    }

    func peripheral(
        _ peripheral: CBPeripheral, didWriteValueFor characteristic: CBCharacteristic, error: (any Error)?
    ) {
        writes.resumeFirst(ObjectIdentifier(characteristic), with: result(error, by: peripheral) { () })
    }

    func peripheral(_ peripheral: CBPeripheral, didWriteValueFor descriptor: CBDescriptor, error: (any Error)?) {
        writes.resumeFirst(ObjectIdentifier(descriptor), with: result(error, by: peripheral) { () })
    }

    func peripheral(
        _ peripheral: CBPeripheral, didUpdateNotificationStateFor characteristic: CBCharacteristic,
        error: (any Error)?
    ) {
        let id = ObjectIdentifier(characteristic)
        let failed = subscriptions.withLock { state -> [AsyncThrowingStream<Data, any Error>.Continuation] in
            let wasEnabling = state.requested[id]?.first ?? false
            if state.requested[id]?.isEmpty == false { state.requested[id]?.removeFirst() }
            guard wasEnabling, error != nil else { return [] }
            state.enabled.remove(id)
            return Array((state.streams.removeValue(forKey: id) ?? [:]).values)
        }
        guard let error else { return }
        let reported = reported(error, by: peripheral)
        for stream in failed { stream.finish(throwing: reported) }
    }

    func peripheral(_ peripheral: CBPeripheral, didReadRSSI RSSI: NSNumber, error: (any Error)?) {
        rssiReads.resumeFirst(true, with: result(error, by: peripheral) { RSSI.intValue })
    }

    func peripheral(_ peripheral: CBPeripheral, didOpen channel: CBL2CAPChannel?, error: (any Error)?) {
        let handedOver = channel.map(HandedOver.init)
        channels.resumeFirst(
            true,
            with: result(error, by: peripheral) {
                guard let handedOver else { throw CBError(reporting: .unknown) }
                return handedOver
            })
    }

    func peripheralIsReady(toSendWriteWithoutResponse peripheral: CBPeripheral) {
        readyToWrite.resumeAll(true, with: .success(()))
    }
}
