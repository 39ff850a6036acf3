import HCI
import Host

/// A GATT client bearer and a GATT server (behind its bearer adapter) joined by a ``WireLink``, with an
/// application that keeps dynamic values in memory.
///
/// Layout: GAP 01-05, GATT 06-0D, Heart Rate 0x180D 0E-15 (Measurement notify 10 + CCCD 11, Body Sensor
/// Location 13 static, Control Point 15 write only), vendor 128-bit service 16-1B with 128-bit characteristics
/// (Long 18 static 300 bytes, Notes 1A dynamic read/write/indicate + CCCD 1B).
@MainActor
final class WiredGATT {
    static let connection = ConnectionHandle(rawValue: 0x0040)
    static let vendorService = GATTFixtures.uuid("6E400001-B5A3-F393-E0A9-E50E24DCCA9E")
    static let long = GATTFixtures.uuid("6E400002-B5A3-F393-E0A9-E50E24DCCA9E")
    static let notes = GATTFixtures.uuid("6E400003-B5A3-F393-E0A9-E50E24DCCA9E")
    static let heartRateMeasurement = BluetoothUUID(uuid16: 0x2A37)
    static let bodySensorLocation = BluetoothUUID(uuid16: 0x2A38)
    static let controlPoint = BluetoothUUID(uuid16: 0x2A39)
    static let longValue = (0..<300).map { UInt8(truncatingIfNeeded: $0 * 7) }

    static let services: [ServiceDefinition] = [
        ServiceDefinition(
            uuid: BluetoothUUID(uuid16: 0x180D),
            characteristics: [
                CharacteristicDefinition(uuid: heartRateMeasurement, properties: .notify, permissions: []),
                CharacteristicDefinition(
                    uuid: bodySensorLocation, properties: .read, permissions: .readable, value: .static([0x01])),
                CharacteristicDefinition(uuid: controlPoint, properties: .write, permissions: .writeable),
            ]),
        ServiceDefinition(
            uuid: vendorService,
            characteristics: [
                CharacteristicDefinition(
                    uuid: long, properties: .read, permissions: .readable, value: .static(longValue)),
                CharacteristicDefinition(
                    uuid: notes, properties: [.read, .write, .indicate], permissions: [.readable, .writeable]),
            ]),
    ]

    let link = WireLink()
    let client: ATTBearer
    let serverBearer: ATTBearer
    let adapter: GATTServerBearerAdapter
    /// The application's dynamic values, by handle.
    var values: [AttributeHandle: [UInt8]] = [:]
    /// The server's events, oldest first.
    var serverEvents: [GATTServerEvent] = []
    /// When true the application leaves deferred requests unanswered.
    var holdsRequests = false
    let deferredRequests: AsyncStream<GATTServerRequest>
    /// The notifications and indications the client received.
    let notifications: AsyncStream<ATTPDU>
    private let deferredSink: AsyncStream<GATTServerRequest>.Continuation
    private let notificationSink: AsyncStream<ATTPDU>.Continuation

    init(clientMTU: Int = ATTBearer.maximumMTU, serverMTU: Int = ATTBearer.maximumMTU) throws {
        let clock = ManualClock()
        let link = link
        client = ATTBearer(localMTU: clientMTU, clock: clock) { bytes in link.carry(bytes, toPeripheral: true) }
        serverBearer = ATTBearer(localMTU: serverMTU, clock: clock) { bytes in
            link.carry(bytes, toPeripheral: false)
        }
        link.central = client
        link.peripheral = serverBearer
        let database = try AttributeDatabase(deviceName: "Wire", appearance: 0x0341, services: Self.services)
        adapter = GATTServerBearerAdapter(server: GATTServer(database: database))
        (deferredRequests, deferredSink) = AsyncStream.makeStream()
        (notifications, notificationSink) = AsyncStream.makeStream()
        adapter.attach(serverBearer, connection: Self.connection)
        adapter.requestHandler = { [weak self] request in self?.serve(request) }
        adapter.eventHandler = { [weak self] event in self?.serverEvents.append(event) }
        client.notificationHandler = { [notificationSink] pdu in notificationSink.yield(pdu) }
        client.indicationHandler = { [notificationSink] indication in
            notificationSink.yield(.handleValueIndication(indication))
            return true
        }
    }

    /// Every primary service, characteristic and descriptor on the server, found with the client procedures.
    func discoverAll() async throws -> [(service: DiscoveredService, characteristics: [DiscoveredCharacteristic])] {
        var result: [(service: DiscoveredService, characteristics: [DiscoveredCharacteristic])] = []
        for service in try await client.run(GATTClientDiscoverAllPrimaryServices()) {
            result.append((service, try await client.run(GATTClientDiscoverCharacteristics(service: service))))
        }
        return result
    }

    /// The descriptors of every characteristic in `services`, by value handle.
    func descriptors(
        of services: [(service: DiscoveredService, characteristics: [DiscoveredCharacteristic])]
    ) async throws -> [AttributeHandle: [DiscoveredDescriptor]] {
        var result: [AttributeHandle: [DiscoveredDescriptor]] = [:]
        for characteristic in services.flatMap(\.characteristics) {
            let found = try await client.run(GATTClientDiscoverDescriptors(characteristic: characteristic))
            if !found.isEmpty { result[characteristic.valueHandle] = found }
        }
        return result
    }

    /// The discovered characteristic with `uuid`.
    func characteristic(_ uuid: BluetoothUUID) async throws -> DiscoveredCharacteristic {
        let all = try await discoverAll().flatMap(\.characteristics)
        guard let found = all.first(where: { $0.uuid == uuid }) else { throw Missing(uuid: uuid) }
        return found
    }

    private func serve(_ request: GATTServerRequest) {
        deferredSink.yield(request)
        guard !holdsRequests else { return }
        let answer: GATTServerRequest.Answer
        switch request.kind {
        case .read(let reads):
            answer = .values(reads.map { Array((values[$0.handle] ?? []).dropFirst($0.offset)) })
        case .write(let writes):
            for write in writes { apply(write) }
            answer = .written
        case .writeWithoutResponse(let write):
            apply(write)
            return
        }
        Task { self.adapter.complete(id: request.id, result: answer) }
    }

    private func apply(_ write: GATTServerRequest.Write) {
        values[write.handle] = Array((values[write.handle] ?? []).prefix(write.offset)) + write.value
    }

    struct Missing: Error {
        let uuid: BluetoothUUID
    }
}
