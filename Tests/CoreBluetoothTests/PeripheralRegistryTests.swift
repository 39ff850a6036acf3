import Foundation
import HCI
import Testing

@testable import CoreBluetooth

/// A central delegate that keeps only a weak reference to what it discovers, as an app that ignores a peripheral.
private final class ForgetfulScanner: NSObject, CBCentralManagerDelegate, @unchecked Sendable {
    let queue = DispatchQueue(label: "forgetful-scanner")
    /// Written and read on `queue` only.
    weak var lastSeen: CBPeripheral?
    let discoveries: AsyncStream<UUID>
    private let sink: AsyncStream<UUID>.Continuation
    let powered: AsyncStream<Void>
    private let poweredSink: AsyncStream<Void>.Continuation

    override init() {
        (discoveries, sink) = AsyncStream.makeStream()
        (powered, poweredSink) = AsyncStream.makeStream()
    }

    func centralManagerDidUpdateState(_ central: CBCentralManager) {
        if central.state == .poweredOn { poweredSink.yield() }
    }

    func centralManager(
        _ central: CBCentralManager, didDiscover peripheral: CBPeripheral, advertisementData: [String: Any],
        rssi RSSI: NSNumber
    ) {
        lastSeen = peripheral
        sink.yield(peripheral.identifier)
    }
}

@Suite("The central manager holds peripherals weakly, as Apple's does", .timeLimit(.minutes(2)))
struct PeripheralRegistryTests {
    @Test("a discovered peripheral the app does not keep is released; one it keeps is the same object again")
    func discoveredPeripheralIsReleased() async throws {
        let (device, service) = try await CentralFixture.device()
        defer { Task { await device.stop() } }
        let scanner = ForgetfulScanner()
        let manager = CBCentralManager(delegate: scanner, queue: scanner.queue)
        for await _ in scanner.powered { break }
        scanner.queue.sync { manager.scanForPeripherals(withServices: [service]) }
        var discoveries = scanner.discoveries.makeAsyncIterator()
        let identifier = try #require(await discoveries.next())
        scanner.queue.sync { manager.stopScan() }
        #expect(scanner.queue.sync { scanner.lastSeen } == nil)

        let kept = try #require(scanner.queue.sync { manager.retrievePeripherals(withIdentifiers: [identifier]).first })
        #expect(scanner.queue.sync { manager.retrievePeripherals(withIdentifiers: [identifier]).first } === kept)
    }

    @Test("entries of released peripherals are swept out, so the table stays as small as what is live")
    func sweep() {
        let manager = CBCentralManager(
            delegate: nil, queue: DispatchQueue(label: "sweep"), options: [CBManagerOptionTransportKey: "nonsense:"])
        var registry = PeripheralRegistry()
        let kept = (0..<10).map { index in
            CBPeripheral(
                address: BluetoothAddress(rawValue: 0xC000_0000_0000 + UInt64(index)), type: .random, manager: manager,
                queue: .main)
        }
        for peripheral in kept { registry.insert(peripheral) }
        for index in 10..<1000 {
            registry.insert(
                CBPeripheral(
                    address: BluetoothAddress(rawValue: 0xC000_0000_0000 + UInt64(index)), type: .random,
                    manager: manager, queue: .main))
        }
        #expect(registry.live.count == kept.count)
        #expect(registry.entryCount <= 64)
        for peripheral in kept { #expect(registry[peripheral.identifier] === peripheral) }
    }

    @Test("a scan forgets the devices it heard once it remembers its limit of them")
    func scanMemoryIsBounded() {
        let scan = ScanSession(services: [], solicited: [], allowsDuplicates: false)
        for index in 0..<(ScanSession.deviceLimit - 1) { scan.reported[UUID()] = [UInt8(truncatingIfNeeded: index)] }
        scan.forgetDevicesIfFull()
        #expect(scan.reported.count == ScanSession.deviceLimit - 1)
        scan.reported[UUID()] = [0]
        scan.forgetDevicesIfFull()
        #expect(scan.reported.isEmpty)
    }
}
