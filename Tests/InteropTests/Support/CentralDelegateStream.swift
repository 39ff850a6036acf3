import CoreBluetooth
import Testing

/// One central-manager or peripheral delegate call, as an interop test compares it.
enum CentralDelegateEvent: Sendable {
    case state(CBManagerState)
    case discovered(CBPeripheral, name: String?)
    case connected
    case failedToConnect(String)
    case disconnected(String?)
    case servicesDiscovered(String?)
    case includedServicesDiscovered(CBUUID, String?)
    case characteristicsDiscovered(CBUUID, String?)
    case valueUpdated(CBUUID, Data?, String?)
    case valueWritten(CBUUID, String?)
    case notificationState(CBUUID, Bool, String?)
    case channelOpened(ChannelStreams?, String?)
}

/// A delegate for a central manager and its peripherals that forwards every call, in order, to a stream.
final class CentralDelegateStream: NSObject, CBCentralManagerDelegate, CBPeripheralDelegate {
    let queue = DispatchQueue(label: "CentralDelegateStream")
    private let sink: AsyncStream<CentralDelegateEvent>.Continuation
    private var iterator: AsyncStream<CentralDelegateEvent>.Iterator

    override init() {
        let (stream, sink) = AsyncStream.makeStream(of: CentralDelegateEvent.self)
        self.sink = sink
        iterator = stream.makeAsyncIterator()
    }

    /// Skips calls until one `match` accepts.
    func next<T>(
        sourceLocation: SourceLocation = #_sourceLocation, _ match: (CentralDelegateEvent) -> T?
    ) async throws
        -> T
    {
        while true {
            let event = try #require(await iterator.next(), "the delegate calls ended", sourceLocation: sourceLocation)
            if let found = match(event) { return found }
        }
    }

    func centralManagerDidUpdateState(_ central: CBCentralManager) {
        sink.yield(.state(central.state))
    }

    func centralManager(
        _ central: CBCentralManager, didDiscover peripheral: CBPeripheral, advertisementData: [String: Any],
        rssi RSSI: NSNumber
    ) {
        sink.yield(.discovered(peripheral, name: advertisementData[CBAdvertisementDataLocalNameKey] as? String))
    }

    func centralManager(_ central: CBCentralManager, didConnect peripheral: CBPeripheral) {
        sink.yield(.connected)
    }

    func centralManager(_ central: CBCentralManager, didFailToConnect peripheral: CBPeripheral, error: (any Error)?) {
        sink.yield(.failedToConnect(String(describing: error)))
    }

    func centralManager(
        _ central: CBCentralManager, didDisconnectPeripheral peripheral: CBPeripheral, error: (any Error)?
    ) {
        sink.yield(.disconnected(error.map { String(describing: $0) }))
    }

    func peripheral(_ peripheral: CBPeripheral, didDiscoverServices error: (any Error)?) {
        sink.yield(.servicesDiscovered(error.map { String(describing: $0) }))
    }

    func peripheral(
        _ peripheral: CBPeripheral, didDiscoverIncludedServicesFor service: CBService, error: (any Error)?
    ) {
        sink.yield(.includedServicesDiscovered(service.uuid, error.map { String(describing: $0) }))
    }

    func peripheral(_ peripheral: CBPeripheral, didDiscoverCharacteristicsFor service: CBService, error: (any Error)?) {
        sink.yield(.characteristicsDiscovered(service.uuid, error.map { String(describing: $0) }))
    }

    func peripheral(
        _ peripheral: CBPeripheral, didUpdateValueFor characteristic: CBCharacteristic, error: (any Error)?
    ) {
        sink.yield(.valueUpdated(characteristic.uuid, characteristic.value, error.map { String(describing: $0) }))
    }

    func peripheral(
        _ peripheral: CBPeripheral, didWriteValueFor characteristic: CBCharacteristic, error: (any Error)?
    ) {
        sink.yield(.valueWritten(characteristic.uuid, error.map { String(describing: $0) }))
    }

    func peripheral(
        _ peripheral: CBPeripheral, didUpdateNotificationStateFor characteristic: CBCharacteristic,
        error: (any Error)?
    ) {
        sink.yield(
            .notificationState(characteristic.uuid, characteristic.isNotifying, error.map { String(describing: $0) }))
    }

    func peripheral(_ peripheral: CBPeripheral, didOpen channel: CBL2CAPChannel?, error: (any Error)?) {
        sink.yield(
            .channelOpened(channel.map { ChannelStreams($0, echoes: false) }, error.map { String(describing: $0) }))
    }
}
