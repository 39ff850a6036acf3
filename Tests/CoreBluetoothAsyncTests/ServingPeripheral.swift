import CoreBluetooth
import Synchronization
import Testing

/// One callback of the serving peripheral manager, reduced to values a test compares.
enum ServingEvent: Sendable, Equatable {
    case state(CBManagerState)
    case added(error: Int?)
    case advertising(error: Int?)
    case read(CBUUID)
    case wrote(CBUUID, Data?)
    case subscribed(CBUUID)
    case unsubscribed(CBUUID)
    case published(CBL2CAPPSM, error: Int?)
    case channelOpened(CBL2CAPPSM)
}

/// The plain-delegate side of the tests: records a peripheral manager's callbacks in order, answers reads
/// from ``readValue`` (or holds them when it is nil, or refuses them with ``readError``), and accepts writes and
/// L2CAP channels (which it lets go of, so they close again).
final class ServingDelegate: NSObject, CBPeripheralManagerDelegate, Sendable {
    let queue = DispatchQueue(label: "CoreBluetoothAsyncTests.ServingDelegate")
    let events: AsyncStream<ServingEvent>
    private let sink: AsyncStream<ServingEvent>.Continuation
    private let answers = Mutex(Answers())

    private struct Answers {
        var readValue: Data? = Data("hello".utf8)
        var readError: CBATTError.Code?
    }

    override init() {
        (events, sink) = AsyncStream.makeStream(of: ServingEvent.self)
    }

    /// The value reads are answered with; nil holds every read unanswered.
    func answerReads(with value: Data?, error: CBATTError.Code? = nil) {
        answers.withLock { $0 = Answers(readValue: value, readError: error) }
    }

    func peripheralManagerDidUpdateState(_ peripheral: CBPeripheralManager) {
        sink.yield(.state(peripheral.state))
    }

    func peripheralManager(_ peripheral: CBPeripheralManager, didAdd service: CBService, error: (any Error)?) {
        sink.yield(.added(error: (error as? CBError)?.code.rawValue))
    }

    func peripheralManagerDidStartAdvertising(_ peripheral: CBPeripheralManager, error: (any Error)?) {
        sink.yield(.advertising(error: (error as? CBError)?.code.rawValue))
    }

    func peripheralManager(_ peripheral: CBPeripheralManager, didReceiveRead request: CBATTRequest) {
        sink.yield(.read(request.characteristic.uuid))
        let answer = answers.withLock { $0 }
        if let error = answer.readError {
            peripheral.respond(to: request, withResult: error)
        } else if let value = answer.readValue {
            request.value = value.subdata(in: min(request.offset, value.count)..<value.count)
            peripheral.respond(to: request, withResult: .success)
        }
    }

    func peripheralManager(_ peripheral: CBPeripheralManager, didReceiveWrite requests: [CBATTRequest]) {
        for request in requests { sink.yield(.wrote(request.characteristic.uuid, request.value)) }
        if let first = requests.first { peripheral.respond(to: first, withResult: .success) }
    }

    func peripheralManager(
        _ peripheral: CBPeripheralManager, central: CBCentral, didSubscribeTo characteristic: CBCharacteristic
    ) {
        sink.yield(.subscribed(characteristic.uuid))
    }

    func peripheralManager(
        _ peripheral: CBPeripheralManager, central: CBCentral, didUnsubscribeFrom characteristic: CBCharacteristic
    ) {
        sink.yield(.unsubscribed(characteristic.uuid))
    }

    func peripheralManager(
        _ peripheral: CBPeripheralManager, didPublishL2CAPChannel PSM: CBL2CAPPSM, error: (any Error)?
    ) {
        sink.yield(.published(PSM, error: (error as? CBError)?.code.rawValue))
    }

    func peripheralManager(_ peripheral: CBPeripheralManager, didOpen channel: CBL2CAPChannel?, error: (any Error)?) {
        if let channel { sink.yield(.channelOpened(channel.psm)) }
    }
}

/// A peripheral manager on its own controller of the virtual air, publishing and advertising a service of a
/// UUID unique to the test: a readable characteristic with a user description, a writable one and a notifying one.
struct ServingPeripheral {
    static let readableUUID = CBUUID(string: "FFF1")
    static let writableUUID = CBUUID(string: "FFF2")
    static let notifyingUUID = CBUUID(string: "FFF3")

    let manager: CBPeripheralManager
    let delegate: ServingDelegate
    let serviceUUID = CBUUID(nsuuid: UUID())
    let name = "Async-" + UUID().uuidString.prefix(8)
    private let notifying: CBMutableCharacteristic
    private var iterator: AsyncStream<ServingEvent>.Iterator

    /// Starts the manager, publishes the service and advertises it.
    static func start() async throws -> ServingPeripheral {
        let delegate = ServingDelegate()
        let manager = CBPeripheralManager(
            delegate: delegate, queue: delegate.queue, options: [CBManagerOptionTransportKey: "virtual"])
        let notifying = CBMutableCharacteristic(
            type: notifyingUUID, properties: [.notify], value: nil, permissions: [.readable])
        var serving = ServingPeripheral(
            manager: manager, delegate: delegate, notifying: notifying, iterator: delegate.events.makeAsyncIterator())
        #expect(try await serving.next() == .state(.poweredOn))
        let readable = CBMutableCharacteristic(
            type: readableUUID, properties: [.read], value: nil, permissions: [.readable])
        readable.descriptors = [
            CBMutableDescriptor(type: CBUUID(string: CBUUIDCharacteristicUserDescriptionString), value: "Greeting")
        ]
        let writable = CBMutableCharacteristic(
            type: writableUUID, properties: [.write, .writeWithoutResponse], value: nil, permissions: [.writeable])
        let service = CBMutableService(type: serving.serviceUUID, primary: true)
        service.characteristics = [readable, writable, notifying]
        manager.add(service)
        #expect(try await serving.next() == .added(error: nil))
        manager.startAdvertising([
            CBAdvertisementDataLocalNameKey: serving.name, CBAdvertisementDataServiceUUIDsKey: [serving.serviceUUID],
        ])
        #expect(try await serving.next() == .advertising(error: nil))
        return serving
    }

    /// The manager's next callback.
    mutating func next(sourceLocation: SourceLocation = #_sourceLocation) async throws -> ServingEvent {
        try #require(await iterator.next(), sourceLocation: sourceLocation)
    }

    /// Publishes an L2CAP channel and returns its PSM.
    mutating func publishChannel() async throws -> CBL2CAPPSM {
        manager.publishL2CAPChannel(withEncryption: false)
        guard case .published(let psm, nil) = try await next() else {
            Issue.record("no channel published")
            return 0
        }
        return psm
    }

    /// Notifies `value` of the notifying characteristic to its subscribers; false when the queue is full.
    func notify(_ value: Data) -> Bool {
        delegate.queue.sync { manager.updateValue(value, for: notifying, onSubscribedCentrals: nil) }
    }
}
