import CoreBluetooth
import Dispatch
import Foundation
import Testing

/// One callback a peripheral manager under restoration makes, reduced to values a test compares.
enum RestorationEvent: Sendable, Equatable {
    case restored(services: [String]?, localName: String?, advertisedServices: [String]?)
    case state(CBManagerState)
    case added(String, error: Int?)
    case startedAdvertising(error: Int?)
}

/// A peripheral manager delegate that records the restoration callback, state changes, service additions and
/// advertising starts in order, and keeps the restored services for the test to inspect on its queue.
final class RestoringPeripheralManagerDelegate: NSObject, CBPeripheralManagerDelegate {
    let queue = DispatchQueue(label: "RestoringPeripheralManagerDelegate")
    /// The services `willRestoreState` handed over; read it on ``queue``.
    var restoredServices: [CBMutableService] = []
    private let sink: AsyncStream<RestorationEvent>.Continuation
    private var iterator: AsyncStream<RestorationEvent>.Iterator

    override init() {
        let (stream, sink) = AsyncStream.makeStream(of: RestorationEvent.self)
        self.sink = sink
        iterator = stream.makeAsyncIterator()
    }

    /// The next callback.
    func next(sourceLocation: SourceLocation = #_sourceLocation) async throws -> RestorationEvent {
        try #require(await iterator.next(), sourceLocation: sourceLocation)
    }

    func peripheralManager(_ peripheral: CBPeripheralManager, willRestoreState dict: [String: Any]) {
        let services = dict[CBPeripheralManagerRestoredStateServicesKey] as? [CBMutableService]
        restoredServices = services ?? []
        let advertisement = dict[CBPeripheralManagerRestoredStateAdvertisementDataKey] as? [String: Any]
        sink.yield(
            .restored(
                services: services?.map(\.uuid.uuidString),
                localName: advertisement?[CBAdvertisementDataLocalNameKey] as? String,
                advertisedServices: (advertisement?[CBAdvertisementDataServiceUUIDsKey] as? [CBUUID])?.map(\.uuidString)
            ))
    }

    func peripheralManagerDidUpdateState(_ peripheral: CBPeripheralManager) {
        sink.yield(.state(peripheral.state))
    }

    func peripheralManager(_ peripheral: CBPeripheralManager, didAdd service: CBService, error: (any Error)?) {
        sink.yield(.added(service.uuid.uuidString, error: (error as? CBError)?.code.rawValue))
    }

    func peripheralManagerDidStartAdvertising(_ peripheral: CBPeripheralManager, error: (any Error)?) {
        sink.yield(.startedAdvertising(error: (error as? CBError)?.code.rawValue))
    }
}

/// A restore identifier, a fresh directory for its files, and the options that make managers use both.
struct RestorationSetting {
    let identifier = "restore-\(UUID().uuidString)"
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("restore-\(UUID().uuidString)")

    var options: [String: Any] {
        [
            CBManagerOptionTransportKey: "virtual", CBPeripheralManagerOptionRestoreIdentifierKey: identifier,
            CBManagerOptionRestoreDirectoryKey: directory.path,
        ]
    }

    /// A peripheral manager with these options and a recording delegate.
    func manager() -> (CBPeripheralManager, RestoringPeripheralManagerDelegate) {
        let delegate = RestoringPeripheralManagerDelegate()
        return (CBPeripheralManager(delegate: delegate, queue: delegate.queue, options: options), delegate)
    }

    /// Replaces every file in the directory with `text`.
    func overwriteFiles(with text: String) throws {
        for name in try FileManager.default.contentsOfDirectory(atPath: directory.path) {
            try Data(text.utf8).write(to: directory.appendingPathComponent(name))
        }
    }

    func removeDirectory() {
        try? FileManager.default.removeItem(at: directory)
    }
}
