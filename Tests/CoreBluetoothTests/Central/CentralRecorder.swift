import CoreBluetooth
import Testing

/// An error as a test compares it: its domain and code (and, left out of comparisons, its failure reason).
struct ErrorSummary: Sendable, Equatable {
    let domain: String
    let code: Int
    /// The error's `localizedFailureReason`: what went wrong, where the stack says.
    let reason: String?

    init?(_ error: (any Error)?) {
        guard let error else { return nil }
        let nsError = error as NSError
        domain = nsError.domain
        code = nsError.code
        reason = nsError.localizedFailureReason
    }

    init(domain: String, code: Int) {
        self.domain = domain
        self.code = code
        reason = nil
    }

    static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.domain == rhs.domain && lhs.code == rhs.code
    }
}

/// The advertisement data of one discovery, with the value types checked.
struct Advertisement: Sendable {
    let keys: Set<String>
    let localName: String?
    let serviceUUIDs: [String]?
    let serviceData: [String: Data]?
    let manufacturerData: Data?
    let txPowerLevel: Int?
    let isConnectable: Bool?
    let solicitedServiceUUIDs: [String]?
    let rssi: Int

    init(_ data: [String: Any], rssi: NSNumber) {
        keys = Set(data.keys)
        localName = data[CBAdvertisementDataLocalNameKey] as? String
        serviceUUIDs = (data[CBAdvertisementDataServiceUUIDsKey] as? [CBUUID])?.map(\.uuidString)
        serviceData = (data[CBAdvertisementDataServiceDataKey] as? [CBUUID: Data]).map { dictionary in
            Dictionary(uniqueKeysWithValues: dictionary.map { ($0.key.uuidString, $0.value) })
        }
        manufacturerData = data[CBAdvertisementDataManufacturerDataKey] as? Data
        txPowerLevel = (data[CBAdvertisementDataTxPowerLevelKey] as? NSNumber)?.intValue
        isConnectable = (data[CBAdvertisementDataIsConnectable] as? NSNumber)?.boolValue
        solicitedServiceUUIDs = (data[CBAdvertisementDataSolicitedServiceUUIDsKey] as? [CBUUID])?.map(\.uuidString)
        self.rssi = rssi.intValue
    }
}

/// One delegate call, as the test sees it.
enum CentralEvent: Sendable {
    case state(CBManagerState)
    case restored(peripherals: [UUID], scanServices: [String]?, allowsDuplicates: Bool?)
    case discovered(CBPeripheral, Advertisement)
    case connected(CBPeripheral)
    case failedToConnect(CBPeripheral, ErrorSummary?)
    case disconnected(CBPeripheral, ErrorSummary?)
    case servicesDiscovered(ErrorSummary?)
    case includedServicesDiscovered(String, ErrorSummary?)
    case characteristicsDiscovered(String, ErrorSummary?)
    case descriptorsDiscovered(String, ErrorSummary?)
    case valueUpdated(String, Data?, ErrorSummary?)
    case descriptorUpdated(String, String, ErrorSummary?)
    case valueWritten(String, ErrorSummary?)
    case descriptorWritten(String, ErrorSummary?)
    case notificationState(String, Bool, ErrorSummary?)
    case readyToWrite
    case rssiRead(Int, ErrorSummary?)
    case servicesModified([String])
    case nameUpdated(String?)
    case channelOpened(ErrorSummary?)
    /// A delegate call arrived off the queue the manager was given.
    case offQueue(String)
}

/// A delegate for the central manager and its peripherals that forwards every call, in order, to a stream.
final class CentralRecorder: NSObject, CBCentralManagerDelegate, CBPeripheralDelegate {
    let queue: DispatchQueue
    let events: AsyncStream<CentralEvent>
    private let sink: AsyncStream<CentralEvent>.Continuation
    private let key = DispatchSpecificKey<Bool>()
    /// The channels opened, held as an app holds a channel it uses: a released channel closes, which would add its
    /// Disconnection Request and Response to what a test counts. Touched on ``queue`` only.
    private var openedChannels: [CBL2CAPChannel] = []
    /// The manager this recorder is the delegate of, held for as long as the test holds the recorder: a manager holds
    /// its delegate and its peripherals hold it weakly, so a test that no longer names it would otherwise lose it.
    var manager: CBCentralManager?

    init(label: String) {
        queue = DispatchQueue(label: label)
        queue.setSpecific(key: key, value: true)
        (events, sink) = AsyncStream.makeStream(of: CentralEvent.self)
    }

    private func record(_ event: CentralEvent, _ function: String = #function) {
        if DispatchQueue.getSpecific(key: key) != true { sink.yield(.offQueue(function)) }
        sink.yield(event)
    }

    func centralManagerDidUpdateState(_ central: CBCentralManager) {
        record(.state(central.state))
    }

    func centralManager(_ central: CBCentralManager, willRestoreState dict: [String: Any]) {
        let peripherals = dict[CBCentralManagerRestoredStatePeripheralsKey] as? [CBPeripheral] ?? []
        let services = dict[CBCentralManagerRestoredStateScanServicesKey] as? [CBUUID]
        let options = dict[CBCentralManagerRestoredStateScanOptionsKey] as? [String: Any]
        record(
            .restored(
                peripherals: peripherals.map(\.identifier), scanServices: services?.map(\.uuidString),
                allowsDuplicates: (options?[CBCentralManagerScanOptionAllowDuplicatesKey] as? NSNumber)?.boolValue))
    }

    func centralManager(
        _ central: CBCentralManager, didDiscover peripheral: CBPeripheral, advertisementData: [String: Any],
        rssi RSSI: NSNumber
    ) {
        record(.discovered(peripheral, Advertisement(advertisementData, rssi: RSSI)))
    }

    func centralManager(_ central: CBCentralManager, didConnect peripheral: CBPeripheral) {
        record(.connected(peripheral))
    }

    func centralManager(_ central: CBCentralManager, didFailToConnect peripheral: CBPeripheral, error: (any Error)?) {
        record(.failedToConnect(peripheral, ErrorSummary(error)))
    }

    func centralManager(
        _ central: CBCentralManager, didDisconnectPeripheral peripheral: CBPeripheral, error: (any Error)?
    ) {
        record(.disconnected(peripheral, ErrorSummary(error)))
    }

    func peripheral(_ peripheral: CBPeripheral, didDiscoverServices error: (any Error)?) {
        record(.servicesDiscovered(ErrorSummary(error)))
    }

    func peripheral(_ peripheral: CBPeripheral, didDiscoverIncludedServicesFor service: CBService, error: (any Error)?)
    {
        record(.includedServicesDiscovered(service.uuid.uuidString, ErrorSummary(error)))
    }

    func peripheral(_ peripheral: CBPeripheral, didDiscoverCharacteristicsFor service: CBService, error: (any Error)?) {
        record(.characteristicsDiscovered(service.uuid.uuidString, ErrorSummary(error)))
    }

    func peripheral(
        _ peripheral: CBPeripheral, didDiscoverDescriptorsFor characteristic: CBCharacteristic, error: (any Error)?
    ) {
        record(.descriptorsDiscovered(characteristic.uuid.uuidString, ErrorSummary(error)))
    }

    func peripheral(
        _ peripheral: CBPeripheral, didUpdateValueFor characteristic: CBCharacteristic, error: (any Error)?
    ) {
        record(.valueUpdated(characteristic.uuid.uuidString, characteristic.value, ErrorSummary(error)))
    }

    func peripheral(_ peripheral: CBPeripheral, didUpdateValueFor descriptor: CBDescriptor, error: (any Error)?) {
        let value: String =
            switch descriptor.value {
            case let text as String: "String:\(text)"
            case let number as NSNumber: "NSNumber:\(number.intValue)"
            case let data as Data: "Data:\(data.count)"
            default: "nil"
            }
        record(.descriptorUpdated(descriptor.uuid.uuidString, value, ErrorSummary(error)))
    }

    func peripheral(
        _ peripheral: CBPeripheral, didWriteValueFor characteristic: CBCharacteristic, error: (any Error)?
    ) {
        record(.valueWritten(characteristic.uuid.uuidString, ErrorSummary(error)))
    }

    func peripheral(_ peripheral: CBPeripheral, didWriteValueFor descriptor: CBDescriptor, error: (any Error)?) {
        record(.descriptorWritten(descriptor.uuid.uuidString, ErrorSummary(error)))
    }

    func peripheral(
        _ peripheral: CBPeripheral, didUpdateNotificationStateFor characteristic: CBCharacteristic,
        error: (any Error)?
    ) {
        record(.notificationState(characteristic.uuid.uuidString, characteristic.isNotifying, ErrorSummary(error)))
    }

    func peripheralIsReady(toSendWriteWithoutResponse peripheral: CBPeripheral) {
        record(.readyToWrite)
    }

    func peripheral(_ peripheral: CBPeripheral, didReadRSSI RSSI: NSNumber, error: (any Error)?) {
        record(.rssiRead(RSSI.intValue, ErrorSummary(error)))
    }

    func peripheral(_ peripheral: CBPeripheral, didModifyServices invalidatedServices: [CBService]) {
        record(.servicesModified(invalidatedServices.map(\.uuid.uuidString)))
    }

    func peripheralDidUpdateName(_ peripheral: CBPeripheral) {
        record(.nameUpdated(peripheral.name))
    }

    func peripheral(_ peripheral: CBPeripheral, didOpen channel: CBL2CAPChannel?, error: (any Error)?) {
        if let channel { openedChannels.append(channel) }
        record(.channelOpened(ErrorSummary(error)))
    }
}

/// Reads a recorder's events in order.
struct EventCursor {
    private var iterator: AsyncStream<CentralEvent>.Iterator

    init(_ recorder: CentralRecorder) {
        iterator = recorder.events.makeAsyncIterator()
    }

    struct EndOfEvents: Error {}

    /// The next event; an off-queue delegate call fails the test.
    mutating func next() async throws -> CentralEvent {
        guard let event = await iterator.next(isolation: #isolation) else { throw EndOfEvents() }
        if case .offQueue(let function) = event { Issue.record("\(function) called off the delegate queue") }
        return event
    }

    /// Skips events until one matches.
    mutating func next<T>(_ match: (CentralEvent) -> T?) async throws -> T {
        while true {
            if let found = match(try await next()) { return found }
        }
    }
}
