import CoreBluetooth
import Dispatch
import HCI
import Host
import Synchronization
import Testing
import VirtualRadio

/// One delegate callback of a peripheral manager, reduced to values a test can compare.
enum PeripheralManagerEvent: Sendable, Equatable {
    case state(CBManagerState, onQueue: Bool)
    case added(CBUUID, error: Int?)
    case startedAdvertising(error: Int?)
    case read(CBUUID, offset: Int, central: UUID)
    case write([WriteSeen])
    case subscribed(CBUUID, central: UUID, maximumUpdateValueLength: Int, subscribers: Int)
    case unsubscribed(CBUUID, central: UUID, subscribers: Int)
    case readyToUpdate
    case publishedL2CAPChannel(error: Int?)

    /// One request of a write callback.
    struct WriteSeen: Sendable, Equatable {
        var uuid: CBUUID
        var offset: Int
        var value: Data?
    }
}

/// A peripheral manager delegate that forwards every callback, in order, to a stream the test awaits, and lets
/// the test say how reads and writes are answered.
final class RecordingPeripheralManagerDelegate: NSObject, CBPeripheralManagerDelegate {
    let queue: DispatchQueue
    private let sink: AsyncStream<PeripheralManagerEvent>.Continuation
    private var iterator: AsyncStream<PeripheralManagerEvent>.Iterator
    /// Answers a read on the delegate queue; unset, reads are answered `.requestNotSupported`.
    var onRead: ((CBPeripheralManager, CBATTRequest) -> Void)?
    /// Answers writes on the delegate queue; unset, writes with response are answered `.success`.
    var onWrite: ((CBPeripheralManager, [CBATTRequest]) -> Void)?
    /// The central of the latest subscription; read it on the delegate queue.
    var subscribedCentral: CBCentral?

    init(queue: DispatchQueue) {
        self.queue = queue
        let (stream, sink) = AsyncStream.makeStream(of: PeripheralManagerEvent.self)
        self.sink = sink
        iterator = stream.makeAsyncIterator()
    }

    /// The next callback.
    func next(sourceLocation: SourceLocation = #_sourceLocation) async throws -> PeripheralManagerEvent {
        try #require(await iterator.next(), sourceLocation: sourceLocation)
    }

    private func record(_ event: PeripheralManagerEvent) {
        dispatchPrecondition(condition: .onQueue(queue))
        sink.yield(event)
    }

    func peripheralManagerDidUpdateState(_ peripheral: CBPeripheralManager) {
        record(
            .state(peripheral.state, onQueue: DispatchQueue.getSpecific(key: Self.queueMark) == ObjectIdentifier(queue))
        )
    }

    func peripheralManager(_ peripheral: CBPeripheralManager, didAdd service: CBService, error: (any Error)?) {
        record(.added(service.uuid, error: (error as? CBError)?.code.rawValue))
    }

    func peripheralManagerDidStartAdvertising(_ peripheral: CBPeripheralManager, error: (any Error)?) {
        record(.startedAdvertising(error: (error as? CBError)?.code.rawValue))
    }

    func peripheralManager(_ peripheral: CBPeripheralManager, didReceiveRead request: CBATTRequest) {
        record(.read(request.characteristic.uuid, offset: request.offset, central: request.central.identifier))
        if let onRead {
            onRead(peripheral, request)
        } else {
            peripheral.respond(to: request, withResult: .requestNotSupported)
        }
    }

    func peripheralManager(_ peripheral: CBPeripheralManager, didReceiveWrite requests: [CBATTRequest]) {
        record(.write(requests.map { .init(uuid: $0.characteristic.uuid, offset: $0.offset, value: $0.value) }))
        if let onWrite {
            onWrite(peripheral, requests)
        } else if let first = requests.first {
            peripheral.respond(to: first, withResult: .success)
        }
    }

    func peripheralManager(
        _ peripheral: CBPeripheralManager, central: CBCentral, didSubscribeTo characteristic: CBCharacteristic
    ) {
        let subscribers = (characteristic as? CBMutableCharacteristic)?.subscribedCentrals?.count ?? -1
        subscribedCentral = central
        record(
            .subscribed(
                characteristic.uuid, central: central.identifier,
                maximumUpdateValueLength: central.maximumUpdateValueLength, subscribers: subscribers))
    }

    func peripheralManager(
        _ peripheral: CBPeripheralManager, central: CBCentral, didUnsubscribeFrom characteristic: CBCharacteristic
    ) {
        let subscribers = (characteristic as? CBMutableCharacteristic)?.subscribedCentrals?.count ?? -1
        record(.unsubscribed(characteristic.uuid, central: central.identifier, subscribers: subscribers))
    }

    func peripheralManagerIsReady(toUpdateSubscribers peripheral: CBPeripheralManager) {
        record(.readyToUpdate)
    }

    func peripheralManager(
        _ peripheral: CBPeripheralManager, didPublishL2CAPChannel PSM: CBL2CAPPSM, error: (any Error)?
    ) {
        record(.publishedL2CAPChannel(error: (error as? CBError)?.code.rawValue))
    }

    /// Marks a queue so a callback can tell it runs there.
    static let queueMark = DispatchSpecificKey<ObjectIdentifier>()

    /// A new serial queue for delegate callbacks, marked for ``queueMark``.
    static func makeQueue() -> DispatchQueue {
        let queue = DispatchQueue(label: "CBPeripheralManagerTests")
        queue.setSpecific(key: queueMark, value: ObjectIdentifier(queue))
        return queue
    }
}

/// What a scanning central learned from one advertiser's advertising data and scan response.
struct SeenAdvertiser: Sendable {
    var address: BluetoothAddress
    var addressType: AddressType
    var localName: String?
    var serviceUUIDs: [BluetoothUUID]
}

/// A central host on its own controller of the process-wide virtual air, the peer a peripheral manager test talks to.
final class PeripheralTestCentral: Sendable {
    let host: BluetoothHost
    private let state = Mutex(State())

    private struct State {
        var buffered: [HostEvent] = []
        var waiter: (match: @Sendable (HostEvent) -> Bool, continuation: CheckedContinuation<HostEvent?, Never>)?
        var ended = false
    }

    private init(host: BluetoothHost) {
        self.host = host
    }

    static func start(preferredMTU: Int = ATTBearer.maximumMTU) async throws -> PeripheralTestCentral {
        let host = try await BluetoothHost.start(
            transport: await VirtualAir.makeTransport(),
            configuration: HostConfiguration(deviceName: "Test Central", preferredMTU: preferredMTU))
        let central = PeripheralTestCentral(host: host)
        Task { [weak central] in
            for await event in host.events { central?.received(event) }
            central?.ended()
        }
        return central
    }

    /// Waits for the next event `extract` accepts, buffered ones first.
    func next<T: Sendable>(
        sourceLocation: SourceLocation = #_sourceLocation, _ extract: @escaping @Sendable (HostEvent) -> T?
    ) async throws -> T {
        let event = await withCheckedContinuation { (continuation: CheckedContinuation<HostEvent?, Never>) in
            state.withLock { state in
                if let index = state.buffered.firstIndex(where: { extract($0) != nil }) {
                    continuation.resume(returning: state.buffered.remove(at: index))
                } else if state.ended {
                    continuation.resume(returning: nil)
                } else {
                    state.waiter = ({ extract($0) != nil }, continuation)
                }
            }
        }
        return try #require(event.flatMap(extract), "the central's events ended", sourceLocation: sourceLocation)
    }

    private func received(_ event: HostEvent) {
        state.withLock { state in
            if let waiter = state.waiter, waiter.match(event) {
                state.waiter = nil
                waiter.continuation.resume(returning: event)
            } else {
                state.buffered.append(event)
            }
        }
    }

    private func ended() {
        state.withLock { state in
            state.ended = true
            state.waiter?.continuation.resume(returning: nil)
            state.waiter = nil
        }
    }

    /// Scans until the advertiser named `name` has shown its name and `services`, and returns what it advertised.
    func find(named name: String, services: [CBUUID] = []) async throws -> SeenAdvertiser {
        try await host.startScanning()
        var seen: [BluetoothAddress: SeenAdvertiser] = [:]
        while true {
            let report = try await next { event -> AdvertisementSeen? in
                guard case .advertisement(let report) = event else { return nil }
                return report
            }
            var reader = ByteReader(report.data)
            guard let data = try? AdvertisingData(from: &reader) else { continue }
            var advertiser =
                seen[report.address]
                ?? SeenAdvertiser(address: report.address, addressType: report.addressType, serviceUUIDs: [])
            if let localName = data.localName { advertiser.localName = localName.name }
            advertiser.serviceUUIDs += data.serviceUUIDs.filter { !advertiser.serviceUUIDs.contains($0) }
            seen[report.address] = advertiser
            if advertiser.localName == name, services.allSatisfy({ advertiser.serviceUUIDs.contains($0.bluetoothUUID) })
            {
                try await host.stopScanning()
                return advertiser
            }
        }
    }

    /// Finds the advertiser named `name`, connects and discovers its database.
    func connect(named name: String) async throws -> (link: HostLink, database: GATTDatabaseCache) {
        let advertiser = try await find(named: name)
        let link = try await host.connect(to: advertiser.address, type: advertiser.addressType, timeout: .seconds(10))
        let database = try await host.discoverDatabase(on: link.handle).database
        return (link, database)
    }

    func stop() async {
        await host.stop()
    }
}

extension GATTDatabaseCache {
    /// The discovered characteristic with `uuid`.
    func characteristic(_ uuid: CBUUID) throws -> DiscoveredCharacteristic {
        let all = services.flatMap { $0.characteristics ?? [] }.map(\.characteristic)
        return try #require(all.first { $0.uuid == uuid.bluetoothUUID })
    }
}

/// Runs `body` (which makes a manager delegating on `queue`) while `queue` is held, so what `body` reads of the new
/// manager comes before anything its host reports on that queue, however fast the host starts.
func holding<T>(_ queue: DispatchQueue, _ body: () -> T) -> T {
    queue.suspend()
    defer { queue.resume() }
    return body()
}

/// A local name no other test advertises.
func uniqueLocalName() -> String {
    "PM-" + UUID().uuidString.prefix(8)
}

/// A peripheral manager on its own controller of the process-wide virtual air, powered on, with the delegate
/// that records its callbacks.
struct PeripheralManagerFixture {
    let manager: CBPeripheralManager
    let delegate: RecordingPeripheralManagerDelegate
    let name = uniqueLocalName()

    /// Makes the manager with `options` besides the virtual transport, and waits for its first callback, which
    /// must say it is powered on.
    static func start(options: [String: Any] = [:]) async throws -> PeripheralManagerFixture {
        let queue = RecordingPeripheralManagerDelegate.makeQueue()
        let delegate = RecordingPeripheralManagerDelegate(queue: queue)
        let (manager, initialState) = holding(queue) {
            let manager = CBPeripheralManager(
                delegate: delegate, queue: queue,
                options: options.merging([CBManagerOptionTransportKey: "virtual"]) { _, virtual in virtual })
            return (manager, manager.state)
        }
        #expect(initialState == .unknown)
        #expect(try await delegate.next() == .state(.poweredOn, onQueue: true))
        return PeripheralManagerFixture(manager: manager, delegate: delegate)
    }

    /// Publishes `services`, expecting each to be added, then advertises them with the fixture's name.
    func publishAndAdvertise(_ services: [CBMutableService]) async throws {
        for service in services {
            manager.add(service)
            #expect(try await delegate.next() == .added(service.uuid, error: nil))
        }
        manager.startAdvertising([
            CBAdvertisementDataLocalNameKey: name, CBAdvertisementDataServiceUUIDsKey: services.map(\.uuid),
        ])
        #expect(try await delegate.next() == .startedAdvertising(error: nil))
    }

    /// Runs `body` on the delegate queue, as an app calls the manager from its callbacks.
    func onQueue<T>(_ body: () -> T) -> T {
        delegate.queue.sync(execute: body)
    }
}

extension RecordingPeripheralManagerDelegate {
    /// Answers every read with the value `value(offset)` gives, from the request's offset on, or Invalid Offset
    /// past its end; call on the delegate queue.
    func answerReads(_ value: @escaping (_ offset: Int) -> Data) {
        onRead = { manager, request in
            let whole = value(request.offset)
            guard request.offset <= whole.count else {
                manager.respond(to: request, withResult: .invalidOffset)
                return
            }
            request.value = whole.subdata(in: request.offset..<whole.count)
            manager.respond(to: request, withResult: .success)
        }
    }
}
