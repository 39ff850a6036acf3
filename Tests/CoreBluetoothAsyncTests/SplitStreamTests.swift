import CoreBluetooth
import CoreBluetoothAsync
import Foundation
import Testing

/// Nothing lost across two processes, each on its own backend: a central writes 1,000 values without response
/// (after one with response) and reads back what the peripheral received, then takes 1,000 notifications; every
/// value must arrive whole and in order. Last, still subscribed, it reads a characteristic that needs encryption,
/// neither side having a `CBPairingAgent`: the link pairs Just Works, as on iOS, and the read returns the value.
/// Run only where `BLUETOOTH_STREAM_ROLE` says which half this process plays (`central` or `peripheral`), on the
/// transport `BLUETOOTH_STREAM_TRANSPORT` names (`bluez`, `tcp:...`), the peripheral advertising
/// `BLUETOOTH_STREAM_NAME`: the VM suite runs one half in the guest on bluetoothd and the other on the host on our
/// stack (scenarios t and u).
@Suite(
    "Streams across processes (BLUETOOTH_STREAM_ROLE)",
    .enabled(if: ProcessInfo.processInfo.environment["BLUETOOTH_STREAM_ROLE"] != nil),
    .serialized, .timeLimit(.minutes(5)))
struct SplitStreamTests {
    static let environment = ProcessInfo.processInfo.environment
    static let role = environment["BLUETOOTH_STREAM_ROLE"] ?? ""
    static let transport = environment["BLUETOOTH_STREAM_TRANSPORT"] ?? "virtual"
    static let name = environment["BLUETOOTH_STREAM_NAME"] ?? "Stream"
    static let count = 1000
    static let serviceUUID = CBUUID(string: "5E7A0000-0B5E-4C1D-9A55-0000000000A0")
    static let sinkUUID = CBUUID(string: "5E7A0001-0B5E-4C1D-9A55-0000000000A0")
    static let sourceUUID = CBUUID(string: "5E7A0002-0B5E-4C1D-9A55-0000000000A0")
    static let secretUUID = CBUUID(string: "5E7A0003-0B5E-4C1D-9A55-0000000000A0")
    static let secret = Data("secret".utf8)

    @Test(
        "central: 1,000 writes without response arrive whole, in order and before a read; so do 1,000 notifications",
        .enabled(if: role == "central"))
    func central() async throws {
        let central = AsyncCentral(options: [CBManagerOptionTransportKey: Self.transport])
        try await central.waitUntilPoweredOn()
        var found: AsyncPeripheral?
        for await discovery in central.scan(withServices: [Self.serviceUUID])
        where discovery.advertisementData.localName == Self.name {
            found = discovery.peripheral
            break
        }
        let peripheral = try #require(found)
        try await central.connect(peripheral)
        let service = try #require(try await peripheral.discoverServices([Self.serviceUUID]).first)
        let characteristics = try await peripheral.discoverCharacteristics(nil, for: service)
        let sink = try #require(characteristics.first { $0.uuid == Self.sinkUUID })
        let source = try #require(characteristics.first { $0.uuid == Self.sourceUUID })
        let secret = try #require(characteristics.first { $0.uuid == Self.secretUUID })

        try await peripheral.write(StreamFrame.make(0), to: sink, type: .withResponse)
        for sequence in 1...Self.count {
            try await peripheral.write(StreamFrame.make(UInt32(sequence)), to: sink, type: .withoutResponse)
        }
        let tally = StreamTally(try await peripheral.read(sink))
        #expect(tally == StreamTally(inOrder: UInt32(Self.count + 1), received: UInt32(Self.count + 1)))

        // The secret is read while still subscribed: the peripheral's process ends once the central unsubscribes,
        // which must come after the read's answer has crossed (a process that ends takes its link with it).
        var notified: [Data] = []
        var secretValue: Data?
        for try await value in peripheral.notifications(for: source) {
            notified.append(value)
            if notified.count == Self.count {
                secretValue = try await peripheral.read(secret)
                break
            }
        }
        #expect(notified == (0..<UInt32(Self.count)).map(StreamFrame.make))
        #expect(secretValue == Self.secret)
        try await central.disconnect(peripheral)
    }

    @Test(
        "peripheral: takes the 1,000 writes whole and in order and sends 1,000 notifications as updateValue allows",
        .enabled(if: role == "peripheral"))
    func peripheral() async throws {
        let streamer = StreamingPeripheral()
        let manager = CBPeripheralManager(
            delegate: streamer, queue: streamer.queue, options: [CBManagerOptionTransportKey: Self.transport])
        var events = streamer.events.makeAsyncIterator()
        #expect(await events.next() == .poweredOn)
        let sink = CBMutableCharacteristic(
            type: Self.sinkUUID, properties: [.read, .write, .writeWithoutResponse], value: nil,
            permissions: [.readable, .writeable])
        let source = CBMutableCharacteristic(
            type: Self.sourceUUID, properties: [.notify], value: nil, permissions: [.readable])
        let secret = CBMutableCharacteristic(
            type: Self.secretUUID, properties: [.read], value: nil, permissions: [.readEncryptionRequired])
        let service = CBMutableService(type: Self.serviceUUID, primary: true)
        service.characteristics = [sink, source, secret]
        streamer.queue.sync { streamer.source = source }
        manager.add(service)
        #expect(await events.next() == .added(failed: false))
        manager.startAdvertising([
            CBAdvertisementDataLocalNameKey: Self.name, CBAdvertisementDataServiceUUIDsKey: [Self.serviceUUID],
        ])
        #expect(await events.next() == .advertising(failed: false))
        #expect(await events.next() == .sentAll)
        #expect(await events.next() == .secretRead)
        #expect(await events.next() == .unsubscribed)
        let received = streamer.queue.sync { streamer.received }
        #expect(received == (0...UInt32(Self.count)).map { $0 })
        manager.stopAdvertising()
        manager.removeAllServices()
    }
}

/// One value of the streams: a 32-bit sequence number (little-endian) and 16 bytes that follow from it, so that a
/// value cut short or mixed with another is seen.
enum StreamFrame {
    static let length = 20

    /// The value numbered `sequence`.
    static func make(_ sequence: UInt32) -> Data {
        Data(
            withUnsafeBytes(of: sequence.littleEndian, Array.init)
                + (0..<16).map { UInt8(truncatingIfNeeded: sequence &+ $0) })
    }

    /// The sequence number of a whole value, nil for anything else.
    static func sequence(of value: Data) -> UInt32? {
        guard value.count == length else { return nil }
        let bytes = Array(value)
        let sequence = littleEndian(bytes[0..<4])
        return make(sequence) == value ? sequence : nil
    }

    /// Four bytes as a little-endian number.
    static func littleEndian(_ bytes: ArraySlice<UInt8>) -> UInt32 {
        bytes.reversed().reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
    }
}

/// The peripheral's answer to a read of the sink: how many values arrived whole and in order from the first, and
/// how many arrived at all (two 32-bit numbers, little-endian).
struct StreamTally: Equatable {
    var inOrder: UInt32
    var received: UInt32

    init(inOrder: UInt32, received: UInt32) {
        self.inOrder = inOrder
        self.received = received
    }

    /// The tally a read returned; zeros for a value of another length.
    init(_ value: Data) {
        let bytes = value.count == 8 ? Array(value) : Array(repeating: 0, count: 8)
        inOrder = StreamFrame.littleEndian(bytes[0..<4])
        received = StreamFrame.littleEndian(bytes[4..<8])
    }

    /// The tally as the read's value.
    var value: Data {
        Data(
            withUnsafeBytes(of: inOrder.littleEndian, Array.init)
                + withUnsafeBytes(of: received.littleEndian, Array.init))
    }
}

/// The peripheral half: records the sequence numbers written to the sink, answers a read of it with their tally,
/// and once a central subscribes to the source sends it the 1,000 values, as fast as `updateValue` takes them.
/// Confined to `queue`.
final class StreamingPeripheral: NSObject, CBPeripheralManagerDelegate, @unchecked Sendable {
    enum Event: Equatable, Sendable {
        case poweredOn
        case added(failed: Bool)
        case advertising(failed: Bool)
        case sentAll
        case unsubscribed
        case secretRead
    }

    let queue = DispatchQueue(label: "SplitStreamTests.StreamingPeripheral")
    let events: AsyncStream<Event>
    private let sink: AsyncStream<Event>.Continuation
    var source: CBMutableCharacteristic?
    /// The sequence number of each value written, in the order they came (`UInt32.max` for a broken one).
    var received: [UInt32] = []
    private var sent: UInt32 = 0
    private var sending = false

    override init() {
        (events, sink) = AsyncStream.makeStream(of: Event.self)
    }

    func peripheralManagerDidUpdateState(_ peripheral: CBPeripheralManager) {
        if peripheral.state == .poweredOn { sink.yield(.poweredOn) }
    }

    func peripheralManager(_ peripheral: CBPeripheralManager, didAdd service: CBService, error: (any Error)?) {
        sink.yield(.added(failed: error != nil))
    }

    func peripheralManagerDidStartAdvertising(_ peripheral: CBPeripheralManager, error: (any Error)?) {
        sink.yield(.advertising(failed: error != nil))
    }

    func peripheralManager(_ peripheral: CBPeripheralManager, didReceiveWrite requests: [CBATTRequest]) {
        for request in requests { received.append(request.value.flatMap(StreamFrame.sequence(of:)) ?? .max) }
        if let first = requests.first { peripheral.respond(to: first, withResult: .success) }
    }

    func peripheralManager(_ peripheral: CBPeripheralManager, didReceiveRead request: CBATTRequest) {
        if request.characteristic.uuid == SplitStreamTests.secretUUID {
            request.value = SplitStreamTests.secret
            peripheral.respond(to: request, withResult: .success)
            sink.yield(.secretRead)
            return
        }
        let inOrder = received.enumerated().prefix { $0.offset == Int($0.element) }.count
        let tally = StreamTally(inOrder: UInt32(inOrder), received: UInt32(received.count)).value
        request.value = tally.subdata(in: min(request.offset, tally.count)..<tally.count)
        peripheral.respond(to: request, withResult: .success)
    }

    func peripheralManager(
        _ peripheral: CBPeripheralManager, central: CBCentral, didSubscribeTo characteristic: CBCharacteristic
    ) {
        sending = true
        send(on: peripheral)
    }

    func peripheralManager(
        _ peripheral: CBPeripheralManager, central: CBCentral, didUnsubscribeFrom characteristic: CBCharacteristic
    ) {
        sending = false
        sink.yield(.unsubscribed)
    }

    func peripheralManagerIsReady(toUpdateSubscribers peripheral: CBPeripheralManager) {
        send(on: peripheral)
    }

    private func send(on peripheral: CBPeripheralManager) {
        guard let source, sending else { return }
        while sent < SplitStreamTests.count {
            guard peripheral.updateValue(StreamFrame.make(sent), for: source, onSubscribedCentrals: nil) else { return }
            sent += 1
            if sent == SplitStreamTests.count { sink.yield(.sentAll) }
        }
    }
}
