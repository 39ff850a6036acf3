import CoreBluetooth
import Foundation
import Testing

@Suite("bluetooth serve, run as an executable, seen by an in-process CBCentralManager", .timeLimit(.minutes(2)))
struct ServeStreamsTests {
    static let gatt = """
        {
          "name": "Three Streams",
          "appearance": 832,
          "advertise": { "services": ["180D"] },
          "services": [
            { "uuid": "180D", "primary": true,
              "characteristics": [
                { "uuid": "2A37", "properties": ["notify"], "permissions": ["readable"],
                  "notify": { "intervalMs": 100, "values": ["0040", "0041"] } },
                { "uuid": "2A1C", "properties": ["indicate"], "permissions": ["readable"],
                  "notify": { "intervalMs": 500, "values": ["00e8030000"] } },
                { "uuid": "2A19", "properties": ["notify"], "permissions": ["readable"],
                  "notify": { "intervalMs": 1000, "values": ["64", "63"] } }
              ] }
          ]
        }
        """

    @Test("a central subscribed to a 100 ms notify, a 500 ms indicate and a 1 s notify gets all three streams")
    func threeStreams() async throws {
        let served = try await ServedPeripheral.start(Self.gatt)
        defer { served.stop() }
        let central = StreamCentral(transport: served.transport)
        let received = try await central.subscribeToAll(service: CBUUID(string: "180D"), until: 2)
        #expect(Set(received.keys) == ["2A37", "2A1C", "2A19"])
        #expect(received.values.allSatisfy { $0 >= 2 })
    }

    @Test("the central names the served peripheral by the file's name and reads the file's appearance from 0x2A01")
    func deviceNameAndAppearance() async throws {
        let served = try await ServedPeripheral.start(Self.gatt)
        defer { served.stop() }
        let central = StreamCentral(transport: served.transport)
        let (name, appearance) = try await central.gapNameAndAppearance(service: CBUUID(string: "180D"))
        #expect(name == "Three Streams")
        #expect(appearance == Data([0x40, 0x03]))
    }
}

/// A central manager on another process's air that reports, in order, what a test awaits.
final class StreamCentral: NSObject, CBCentralManagerDelegate, CBPeripheralDelegate {
    enum Event: Sendable {
        case poweredOn
        case discovered(CBPeripheral)
        case connected
        case disconnected
        case services
        case characteristics(service: String)
        case value(String, Data?)
        case failed(String)
    }

    let queue = DispatchQueue(label: "StreamCentral")
    private var manager: CBCentralManager?
    private let sink: AsyncStream<Event>.Continuation
    private var events: AsyncStream<Event>.Iterator

    init(transport: String) {
        let (stream, sink) = AsyncStream.makeStream(of: Event.self)
        self.sink = sink
        events = stream.makeAsyncIterator()
        super.init()
        manager = CBCentralManager(delegate: self, queue: queue, options: [CBManagerOptionTransportKey: transport])
    }

    /// Connects to the advertiser of `service` and discovers that service's characteristics.
    private func connect(service: CBUUID) async throws -> (CBPeripheral, CBService) {
        try await next { if case .poweredOn = $0 { true } else { nil } }
        queue.sync { manager?.scanForPeripherals(withServices: [service]) }
        let peripheral = try await next { if case .discovered(let peripheral) = $0 { peripheral } else { nil } }
        queue.sync {
            manager?.stopScan()
            peripheral.delegate = self
            manager?.connect(peripheral)
        }
        try await next { if case .connected = $0 { true } else { nil } }
        queue.sync { peripheral.discoverServices(nil) }
        try await next { if case .services = $0 { true } else { nil } }
        let found = try #require(queue.sync { peripheral.services?.first { $0.uuid == service } })
        queue.sync { peripheral.discoverCharacteristics(nil, for: found) }
        try await next { if case .characteristics(service.uuidString) = $0 { true } else { nil } }
        return (peripheral, found)
    }

    /// Subscribes to every characteristic of `service` and counts the updates of each, by UUID string, until
    /// each has had `count`.
    func subscribeToAll(service: CBUUID, until count: Int) async throws -> [String: Int] {
        let (peripheral, found) = try await connect(service: service)
        let characteristics = queue.sync { found.characteristics ?? [] }
        queue.sync { for characteristic in characteristics { peripheral.setNotifyValue(true, for: characteristic) } }
        var received: [String: Int] = [:]
        while received.count < characteristics.count || received.values.contains(where: { $0 < count }) {
            let uuid = try await next { if case .value(let uuid, _) = $0 { uuid } else { nil } }
            received[uuid, default: 0] += 1
        }
        try await disconnect(peripheral)
        return received
    }

    /// Connects to the advertiser of `service`, then reads its GAP Appearance; returns its name and that value.
    func gapNameAndAppearance(service: CBUUID) async throws -> (String?, Data?) {
        let (peripheral, _) = try await connect(service: service)
        queue.sync { peripheral.discoverServices([CBUUID(string: "1800")]) }
        try await next { if case .services = $0 { true } else { nil } }
        let gap = try #require(queue.sync { peripheral.services?.first { $0.uuid == CBUUID(string: "1800") } })
        queue.sync { peripheral.discoverCharacteristics([CBUUID(string: "2A01")], for: gap) }
        try await next { if case .characteristics("1800") = $0 { true } else { nil } }
        let appearance = try #require(queue.sync { gap.characteristics?.first })
        queue.sync { peripheral.readValue(for: appearance) }
        let value = try await next { if case .value("2A01", let value) = $0 { value } else { nil } }
        let name = queue.sync { peripheral.name }
        try await disconnect(peripheral)
        return (name, value)
    }

    /// Disconnects and waits until the link is down, so that stopping the sim cuts no link.
    private func disconnect(_ peripheral: CBPeripheral) async throws {
        queue.sync { manager?.cancelPeripheralConnection(peripheral) }
        try await next { if case .disconnected = $0 { true } else { nil } }
    }

    /// The next event `match` accepts; a failure ends the test.
    @discardableResult
    private func next<T>(_ match: (Event) -> T?) async throws -> T {
        while let event = await events.next() {
            if case .failed(let reason) = event { throw StreamCentralFailure(reason: reason) }
            if let found = match(event) { return found }
        }
        throw StreamCentralFailure(reason: "the central's events ended")
    }

    func centralManagerDidUpdateState(_ central: CBCentralManager) {
        if central.state == .poweredOn { sink.yield(.poweredOn) }
    }

    func centralManager(
        _ central: CBCentralManager, didDiscover peripheral: CBPeripheral, advertisementData: [String: Any],
        rssi RSSI: NSNumber
    ) {
        sink.yield(.discovered(peripheral))
    }

    func centralManager(_ central: CBCentralManager, didConnect peripheral: CBPeripheral) {
        sink.yield(.connected)
    }

    func centralManager(
        _ central: CBCentralManager, didDisconnectPeripheral peripheral: CBPeripheral, error: (any Error)?
    ) {
        sink.yield(.disconnected)
    }

    func centralManager(_ central: CBCentralManager, didFailToConnect peripheral: CBPeripheral, error: (any Error)?) {
        sink.yield(.failed("connection failed: \(String(describing: error))"))
    }

    func peripheral(_ peripheral: CBPeripheral, didDiscoverServices error: (any Error)?) {
        sink.yield(error.map { .failed("\($0)") } ?? .services)
    }

    func peripheral(
        _ peripheral: CBPeripheral, didDiscoverCharacteristicsFor service: CBService, error: (any Error)?
    ) {
        sink.yield(error.map { .failed("\($0)") } ?? .characteristics(service: service.uuid.uuidString))
    }

    func peripheral(
        _ peripheral: CBPeripheral, didUpdateNotificationStateFor characteristic: CBCharacteristic, error: (any Error)?
    ) {
        if let error { sink.yield(.failed("subscribing to \(characteristic.uuid): \(error)")) }
    }

    func peripheral(_ peripheral: CBPeripheral, didUpdateValueFor characteristic: CBCharacteristic, error: (any Error)?)
    {
        sink.yield(error.map { .failed("\($0)") } ?? .value(characteristic.uuid.uuidString, characteristic.value))
    }
}

/// Why a ``StreamCentral`` step failed.
struct StreamCentralFailure: Error, CustomStringConvertible {
    let reason: String
    var description: String { reason }
}
