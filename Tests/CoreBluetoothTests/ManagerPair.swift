import CoreBluetooth
import Testing

/// The database a peripheral manager publishes for the central-and-peripheral tests: a primary service of a UUID
/// unique to the test that includes a secondary service, and one characteristic per behaviour under test.
struct PairDatabase {
    static let cached = CBUUID(string: "FFF1")
    static let dynamic = CBUUID(string: "FFF2")
    static let writable = CBUUID(string: "FFF3")
    static let notifying = CBUUID(string: "FFF4")
    static let encrypted = CBUUID(string: "FFF5")
    static let included = CBUUID(string: "180F")
    static let cachedValue = Data("cached".utf8)
    static let encryptedValue = Data("secret".utf8)
    static let cachedDescription = "Cached value"

    let primaryUUID = CBUUID(nsuuid: UUID())
    let included = CBMutableService(type: PairDatabase.included, primary: false)
    let primary: CBMutableService
    let notifying = CBMutableCharacteristic(
        type: PairDatabase.notifying, properties: [.notify], value: nil, permissions: [.readable])

    init() {
        let level = CBMutableCharacteristic(
            type: CBUUID(string: "2A19"), properties: [.read], value: Data([100]), permissions: [.readable])
        included.characteristics = [level]
        let cached = CBMutableCharacteristic(
            type: Self.cached, properties: [.read], value: Self.cachedValue, permissions: [.readable])
        cached.descriptors = [
            CBMutableDescriptor(
                type: CBUUID(string: CBUUIDCharacteristicUserDescriptionString), value: Self.cachedDescription)
        ]
        primary = CBMutableService(type: primaryUUID, primary: true)
        primary.includedServices = [included]
        primary.characteristics = [
            cached,
            CBMutableCharacteristic(type: Self.dynamic, properties: [.read], value: nil, permissions: [.readable]),
            CBMutableCharacteristic(
                type: Self.writable, properties: [.write, .writeWithoutResponse], value: nil,
                permissions: [.writeable]),
            notifying,
            CBMutableCharacteristic(
                type: Self.encrypted, properties: [.read], value: Self.encryptedValue,
                permissions: [.readEncryptionRequired]),
        ]
    }
}

/// A peripheral manager and a central manager on the process-wide virtual air, each on its own queue, the central
/// connected to the peripheral manager through the public API only.
struct ManagerPair {
    let sensor: PeripheralManagerFixture
    let database: PairDatabase
    let central: CBCentralManager
    let recorder: CentralRecorder
    var events: EventCursor
    let peripheral: CBPeripheral

    /// Publishes `database` (and `extra` services after it) on a new peripheral manager, advertises it, and
    /// connects a new central manager to it; both managers are made with `options`.
    static func connect(
        _ database: PairDatabase = PairDatabase(), extra: [CBMutableService] = [], options: [String: Any] = [:],
        label: String = #function
    ) async throws -> ManagerPair {
        let sensor = try await PeripheralManagerFixture.start(options: options)
        try await sensor.publishAndAdvertise([database.included, database.primary] + extra)
        let (central, recorder, events) = try await CentralFixture.central(label, options: options)
        var cursor = events
        let (peripheral, advertisement) = try await CentralFixture.discover(
            database.primaryUUID, with: central, recorder, &cursor)
        #expect(advertisement.localName == sensor.name)
        try await CentralFixture.connect(peripheral, with: central, recorder, &cursor)
        return ManagerPair(
            sensor: sensor, database: database, central: central, recorder: recorder, events: cursor,
            peripheral: peripheral)
    }

    /// Discovers every service, then the primary service's included services, characteristics and descriptors.
    mutating func discoverAll() async throws -> CBService {
        try await CentralFixture.discoverAll(peripheral, service: database.primaryUUID, recorder, &events)
    }

    /// The discovered characteristic `uuid` of `service`.
    func characteristic(_ uuid: CBUUID, in service: CBService) throws -> CBCharacteristic {
        try #require(recorder.queue.sync { service.characteristics?.first { $0.uuid == uuid } })
    }

    /// Runs `body` on the central's delegate queue.
    func onCentralQueue<T>(_ body: () -> T) -> T {
        recorder.queue.sync(execute: body)
    }

    /// Disconnects the central; callers that test disconnection do it themselves.
    func disconnect() {
        onCentralQueue { central.cancelPeripheralConnection(peripheral) }
    }
}

extension RecordingPeripheralManagerDelegate {
    /// Skips callbacks until one `match` accepts.
    func next<T>(
        sourceLocation: SourceLocation = #_sourceLocation, _ match: (PeripheralManagerEvent) -> T?
    )
        async throws -> T
    {
        while true {
            if let found = match(try await next(sourceLocation: sourceLocation)) { return found }
        }
    }
}
