import HCI
import Host
import Synchronization
import VirtualRadio

/// A remote device for central-side tests: a host on its own controller of the process's virtual air,
/// serving GATT, answering reads and writes from stored values, and holding back reads of "stalled" handles.
final class TestPeripheral: Sendable {
    let host: BluetoothHost
    let name: String
    private let values = ValueTable()
    private let stalled: Set<AttributeHandle>
    let writes: AsyncStream<GATTServerRequest.Write>
    let stalledReads: AsyncStream<GATTServerRequest.ID>
    let connections: AsyncStream<ConnectionHandle>
    /// The value handles of the indications centrals confirmed, in order.
    let confirmations: AsyncStream<AttributeHandle>

    /// Starts the device serving `services` on `transport` (a new controller of the process's air when nil),
    /// accepting an ATT_MTU up to `mtu` and giving up on a transaction after `transactionTimeout`; handles of
    /// characteristics with the UUIDs in `stall` are never answered.
    static func start(
        name: String, services: [ServiceDefinition], stall: [BluetoothUUID] = [],
        transport: (any HCITransport)? = nil, mtu: Int = ATTBearer.maximumMTU,
        transactionTimeout: Duration = ATTBearer.transactionTimeout
    ) async throws
        -> TestPeripheral
    {
        let controller: any HCITransport
        if let transport { controller = transport } else { controller = await VirtualAir.makeTransport() }
        var configuration = HostConfiguration(deviceName: name, services: services, preferredMTU: mtu)
        configuration.transactionTimeout = transactionTimeout
        let host = try await BluetoothHost.start(transport: controller, configuration: configuration)
        let database = await host.database
        let stalled = Set(
            database.services.flatMap(\.characteristics).filter { stall.contains($0.uuid) }.map(\.valueHandle))
        return TestPeripheral(host: host, name: name, stalled: stalled)
    }

    private init(host: BluetoothHost, name: String, stalled: Set<AttributeHandle>) {
        self.host = host
        self.name = name
        self.stalled = stalled
        let (writes, writeSink) = AsyncStream.makeStream(of: GATTServerRequest.Write.self)
        let (stalledReads, stallSink) = AsyncStream.makeStream(of: GATTServerRequest.ID.self)
        let (connections, connectionSink) = AsyncStream.makeStream(of: ConnectionHandle.self)
        let (confirmations, confirmationSink) = AsyncStream.makeStream(of: AttributeHandle.self)
        self.writes = writes
        self.stalledReads = stalledReads
        self.connections = connections
        self.confirmations = confirmations
        Task { [host, values, stalled] in
            for await event in host.events {
                switch event {
                case .connected(let link):
                    connectionSink.yield(link.handle)
                case .server(.indicationConfirmed(_, let handle)):
                    confirmationSink.yield(handle)
                case .serverRequest(let request):
                    switch request.kind {
                    case .read(let reads):
                        if reads.contains(where: { stalled.contains($0.handle) }) {
                            stallSink.yield(request.id)
                            continue
                        }
                        let answer = values.table.withLock { values in
                            reads.map { Array((values[$0.handle] ?? []).dropFirst($0.offset)) }
                        }
                        await host.respond(to: request.id, with: .values(answer))
                    case .write(let writes):
                        for write in writes { values.apply(write); writeSink.yield(write) }
                        await host.respond(to: request.id, with: .written)
                    case .writeWithoutResponse(let write):
                        values.apply(write)
                        writeSink.yield(write)
                    }
                default:
                    break
                }
            }
        }
    }

    /// The value handle of the characteristic with `uuid`.
    func valueHandle(of uuid: BluetoothUUID) async -> AttributeHandle? {
        await host.database.services.flatMap(\.characteristics).first { $0.uuid == uuid }?.valueHandle
    }

    /// Sets the value reads of the characteristic with `uuid` return.
    func setValue(_ value: [UInt8], of uuid: BluetoothUUID) async {
        guard let handle = await valueHandle(of: uuid) else { return }
        values.table.withLock { $0[handle] = value }
    }

    /// The value last written to the characteristic with `uuid`.
    func value(of uuid: BluetoothUUID) async -> [UInt8]? {
        guard let handle = await valueHandle(of: uuid) else { return nil }
        return values.table.withLock { $0[handle] }
    }

    /// Notifies or indicates a new value of the characteristic with `uuid` to its subscribers.
    func update(_ value: [UInt8], of uuid: BluetoothUUID) async -> Bool {
        guard let handle = await valueHandle(of: uuid) else { return false }
        return await host.updateValue(value, for: handle)
    }

    /// Disconnects every central.
    func disconnectAll() async throws {
        for link in await host.links { try await host.disconnect(link.handle) }
    }

    func stop() async {
        await host.stop()
    }
}

/// A test device's characteristic values, by handle.
final class ValueTable: Sendable {
    let table = Mutex<[AttributeHandle: [UInt8]]>([:])

    /// Applies a write at its offset, padding with zeros.
    func apply(_ write: GATTServerRequest.Write) {
        table.withLock { values in
            var value = values[write.handle] ?? []
            if value.count < write.offset { value += Array(repeating: 0, count: write.offset - value.count) }
            value.replaceSubrange(write.offset..<min(value.count, write.offset + write.value.count), with: write.value)
            values[write.handle] = value
        }
    }
}
