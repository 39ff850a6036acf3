import CoreBluetooth

/// A remote peripheral's GATT client operations as async calls, made through the delegate API of the
/// `CBPeripheral` it wraps.
///
/// It is the peripheral's delegate: do not replace it. Every call hops onto the manager's delegate queue to
/// call CoreBluetooth and suspends until the delegate callback that answers it; a failure throws the
/// `CBError` or `CBATTError` the delegate received. When the link goes down, pending calls throw the error the
/// delegate's disconnection carried (`CBError.connectionTimeout` when the peer vanished), or
/// `CBError.peripheralDisconnected` when it carried none or the radio powered off; calls made while not connected throw `CBError.notConnected`, and calls
/// naming an attribute that is not among the peripheral's discovered ones throw `CBError.invalidParameters`.
///
/// Cancelling the task of a suspended call makes it throw `CancellationError` at once; the operation itself may
/// still complete on the peripheral (a cancelled write may land), and its result is dropped.
///
/// The services, characteristics and descriptors it returns are CoreBluetooth's objects, which CoreBluetooth
/// updates on the delegate queue: read their properties while no discovery on the peripheral is under way.
public final class AsyncPeripheral: Sendable {
    /// The wrapped peripheral; use it only on ``queue``.
    public let peripheral: CBPeripheral
    /// The delegate queue of the peripheral's manager.
    public let queue: DispatchQueue
    let events = PeripheralEvents()

    /// Wraps `peripheral` and becomes its delegate; call on `queue`.
    init(_ peripheral: CBPeripheral, queue: DispatchQueue) {
        self.peripheral = peripheral
        self.queue = queue
        peripheral.delegate = events
    }

    /// The identifier CoreBluetooth gives the peripheral.
    public var identifier: UUID {
        peripheral.identifier
    }

    /// Where the connection to the peripheral stands.
    public var state: CBPeripheralState {
        get async { await queue.hop { [peripheral] in peripheral.state } }
    }

    /// The peripheral's name, as advertised or read from its GAP service.
    public var name: String? {
        get async { await queue.hop { [peripheral] in peripheral.name } }
    }

    /// The ATT MTU-dependent largest value one write of `type` carries.
    public func maximumWriteValueLength(for type: CBCharacteristicWriteType) async -> Int {
        await queue.hop { [peripheral] in peripheral.maximumWriteValueLength(for: type) }
    }

    /// Discovers the peripheral's primary services, all of them or those with the given UUIDs, and returns every
    /// service discovered so far.
    public nonisolated(nonsending) func discoverServices(_ serviceUUIDs: [CBUUID]? = nil) async throws -> [CBService] {
        try await run(events.services, nil) { peripheral in peripheral.discoverServices(serviceUUIDs) }
    }

    /// Discovers the services `service` includes, all of them or those with the given UUIDs, and returns them.
    public nonisolated(nonsending) func discoverIncludedServices(
        _ includedServiceUUIDs: [CBUUID]? = nil, for service: CBService
    ) async throws -> [CBService] {
        let id = ObjectIdentifier(service)
        return try await run(events.services, id) { peripheral in
            peripheral.discoverIncludedServices(includedServiceUUIDs, for: try Self.require(peripheral.service(id)))
        }
    }

    /// Discovers the characteristics of `service`, all of them or those with the given UUIDs, and returns every
    /// characteristic of it discovered so far.
    public nonisolated(nonsending) func discoverCharacteristics(
        _ characteristicUUIDs: [CBUUID]? = nil, for service: CBService
    ) async throws -> [CBCharacteristic] {
        let id = ObjectIdentifier(service)
        return try await run(events.characteristics, id) { peripheral in
            peripheral.discoverCharacteristics(characteristicUUIDs, for: try Self.require(peripheral.service(id)))
        }
    }

    /// Discovers the descriptors of `characteristic` and returns them.
    public nonisolated(nonsending) func discoverDescriptors(
        for characteristic: CBCharacteristic
    ) async throws
        -> [CBDescriptor]
    {
        let id = ObjectIdentifier(characteristic)
        return try await run(events.descriptors, id) { peripheral in
            peripheral.discoverDescriptors(for: try Self.require(peripheral.characteristic(id)))
        }
    }

    /// Reads the value of `characteristic`, long values whole.
    ///
    /// A notification of the characteristic arriving while the read is pending answers the read, as
    /// CoreBluetooth reports both through the same callback.
    public nonisolated(nonsending) func read(_ characteristic: CBCharacteristic) async throws -> Data {
        let id = ObjectIdentifier(characteristic)
        return try await run(events.values, id) { peripheral in
            peripheral.readValue(for: try Self.require(peripheral.characteristic(id)))
        }
    }

    /// Reads the value of `descriptor`, typed as CoreBluetooth types it: `String` for a User Description,
    /// `NSNumber` for the configuration and extended-properties descriptors, `Data` otherwise.
    public nonisolated(nonsending) func read(_ descriptor: CBDescriptor) async throws -> Any {
        let id = ObjectIdentifier(descriptor)
        return try await run(events.descriptorValues, id) { peripheral in
            peripheral.readValue(for: try Self.require(peripheral.descriptor(id)))
        }
    }

    /// Writes `data` to `characteristic`: with response, returns once the peripheral confirmed it; without,
    /// waits until the peripheral can take another write, then returns once the write is handed to it.
    public nonisolated(nonsending) func write(
        _ data: Data, to characteristic: CBCharacteristic, type: CBCharacteristicWriteType = .withResponse
    ) async throws {
        let id = ObjectIdentifier(characteristic)
        switch type {
        case .withResponse:
            try await run(events.writes, id) { peripheral in
                peripheral.writeValue(data, for: try Self.require(peripheral.characteristic(id)), type: .withResponse)
            }
        case .withoutResponse:
            try await writeWithoutResponse(data, to: id)
        }
    }

    /// Writes `data` to `descriptor` and returns once the peripheral confirmed it. The Client Characteristic
    /// Configuration descriptor throws `CBError.uuidNotAllowed`: use ``notifications(for:)``.
    public nonisolated(nonsending) func write(_ data: Data, to descriptor: CBDescriptor) async throws {
        guard descriptor.uuid != CBUUID(string: CBUUIDClientCharacteristicConfigurationString) else {
            throw CBError(reporting: .uuidNotAllowed)
        }
        let id = ObjectIdentifier(descriptor)
        try await run(events.writes, id) { peripheral in
            peripheral.writeValue(data, for: try Self.require(peripheral.descriptor(id)))
        }
    }

    /// Reads the signal strength of the connection, in dBm.
    public func readRSSI() async throws -> Int {
        try await run(events.rssiReads, true) { peripheral in peripheral.readRSSI() }
    }

    /// Opens an L2CAP connection-oriented channel to the peripheral's `psm`, pairing first when the peripheral
    /// asks for an encrypted link, and returns it once open.
    ///
    /// Keep the returned channel for as long as you use it: it closes when released. A refusal by the peripheral
    /// throws `CBError.connectionFailed`.
    public nonisolated(nonsending) func openL2CAPChannel(_ psm: CBL2CAPPSM) async throws -> CBL2CAPChannel {
        guard psm > 0 else { throw CBError(reporting: .invalidParameters) }
        return try await run(events.channels, true) { peripheral in peripheral.openL2CAPChannel(psm) }.value
    }

    /// The values `characteristic` notifies or indicates: the first stream of the characteristic turns
    /// notifications on when it is made, and the last one turns them off when it terminates: when its task is
    /// cancelled, or when the consumer stopped iterating and let go of the stream.
    ///
    /// The stream throws the error that refused the subscription, and `CBError.peripheralDisconnected` when the
    /// link goes down. Values are buffered without bound until the consumer takes them.
    public func notifications(for characteristic: CBCharacteristic) -> AsyncThrowingStream<Data, any Error> {
        let id = ObjectIdentifier(characteristic)
        let (stream, continuation) = AsyncThrowingStream.makeStream(of: Data.self)
        let (peripheral, events, queue) = (peripheral, events, queue)
        let token = events.makeToken()
        continuation.onTermination = { _ in
            queue.async {
                guard events.unsubscribe(id, token: token), peripheral.state == .connected,
                    let characteristic = peripheral.characteristic(id)
                else { return }
                events.disabling(id)
                peripheral.setNotifyValue(false, for: characteristic)
            }
        }
        queue.async {
            guard peripheral.state == .connected else {
                continuation.finish(throwing: CBError(reporting: .notConnected))
                return
            }
            guard let characteristic = peripheral.characteristic(id) else {
                continuation.finish(throwing: CBError(reporting: .invalidParameters))
                return
            }
            if events.subscribe(id, token: token, continuation) {
                peripheral.setNotifyValue(true, for: characteristic)
            }
        }
        return stream
    }

    /// Waits for a waiter of `waiters` under `key`, after calling `operation` on the queue when connected; an
    /// error `operation` throws is the waiter's.
    private nonisolated(nonsending) func run<Key, Value>(
        _ waiters: Waiters<Key, Value>, _ key: Key, _ operation: @escaping @Sendable (CBPeripheral) throws -> Void
    ) async throws -> Value {
        let (peripheral, queue) = (peripheral, queue)
        return try await waiters.wait(for: key) { id in
            queue.async {
                do {
                    guard peripheral.state == .connected else { throw CBError(reporting: .notConnected) }
                    try operation(peripheral)
                } catch {
                    waiters.abandon(id, throwing: error)
                }
            }
        }
    }

    private nonisolated(nonsending) func writeWithoutResponse(_ data: Data, to id: ObjectIdentifier) async throws {
        let (peripheral, queue) = (peripheral, queue)
        while true {
            try await run(events.readyToWrite, true) { [events] peripheral in
                if peripheral.canSendWriteWithoutResponse { events.readyToWrite.resumeAll(true, with: .success(())) }
            }
            let written = await queue.hop { () -> Result<Bool, CBError> in
                guard peripheral.state == .connected else { return .failure(CBError(reporting: .notConnected)) }
                guard let characteristic = peripheral.characteristic(id),
                    characteristic.properties.contains(.writeWithoutResponse)
                else { return .failure(CBError(reporting: .invalidParameters)) }
                guard peripheral.canSendWriteWithoutResponse else { return .success(false) }
                peripheral.writeValue(data, for: characteristic, type: .withoutResponse)
                return .success(true)
            }
            if try written.get() { return }
        }
    }

    private static func require<Attribute>(_ attribute: Attribute?) throws -> Attribute {
        guard let attribute else { throw CBError(reporting: .invalidParameters) }
        return attribute
    }
}
