import CoreBluetooth
import Foundation
import Host
import HostTestSupport
import Synchronization
import Testing

@Suite("A hostile peripheral's Service Changed indications against a CBCentralManager", .timeLimit(.minutes(2)))
struct HostileServiceChangedTests {
    /// The Service Changed indication for `range`, on the peer's Service Changed characteristic.
    static func indication(_ rig: VanishRig, _ range: ClosedRange<UInt16>) async throws -> [UInt8] {
        let handle = try #require(await rig.device.valueHandle(of: BluetoothUUID(uuid16: 0x2A05))).rawValue
        return [0x1D, UInt8(handle & 0xFF), UInt8(handle >> 8)]
            + [UInt8(range.lowerBound & 0xFF), UInt8(range.lowerBound >> 8)]
            + [UInt8(range.upperBound & 0xFF), UInt8(range.upperBound >> 8)]
    }

    /// The UUIDs of the peripheral's services, in order (call off the queue).
    private static func serviceUUIDs(_ rig: VanishRig) -> [String] {
        let peripheral = rig.peripheral
        return rig.recorder.queue.sync { (peripheral.services ?? []).map(\.uuid.uuidString) }
    }

    @Test("Service Changed for every handle during service discovery, the database unchanged: discovery starts again")
    func duringServiceDiscovery() async throws {
        try await RigSlots.withSlot {
            var rig = try await VanishRig.start(connect: true)
            let changed = try await Self.indication(rig, 0x0001...0xFFFF)
            // Counts the answers to Read By Group Type (responses and the closing Error Response); the first
            // response goes out behind a Service Changed indication.
            let answers = Mutex(0)
            rig.tampering.expand { channel, payload in
                guard channel == 0x0004, payload.first == 0x11 || payload.starts(with: [0x01, 0x10]) else { return nil }
                return answers.withLock { answers in
                    answers += 1
                    return answers == 1 ? [changed, payload] : nil
                }
            }
            let peripheral = rig.peripheral
            var counts: [Int] = []
            for _ in 0..<2 {
                rig.onQueue { peripheral.discoverServices(nil) }
                let error = try await rig.events.next { event -> ErrorSummary?? in
                    guard case .servicesDiscovered(let error) = event else { return nil }
                    return .some(error)
                }
                #expect(error == nil)
                counts.append(answers.withLock { $0 })
            }
            rig.tampering.tamper(with: nil)
            // The first discovery ran twice (it started again after the indication), the second once.
            #expect(counts[0] == 2 * (counts[1] - counts[0]))
            let uuids = Self.serviceUUIDs(rig)
            #expect(uuids == ["1800", "1801", rig.serviceUUID.uuidString])
            try await rig.discoverAndReadLong()
            try await rig.finish()
        }
    }

    @Test(
        "Service Changed over a service during its characteristic discovery: the service goes, its discovery fails, and rediscovery finds it whole"
    )
    func duringCharacteristicDiscovery() async throws {
        try await RigSlots.withSlot {
            var rig = try await VanishRig.start(connect: true)
            let peripheral = rig.peripheral
            rig.onQueue { peripheral.discoverServices(nil) }
            try await rig.events.next { event -> Void? in
                if case .servicesDiscovered(nil) = event { return () }
                return nil
            }
            let uuid = rig.serviceUUID
            let primary = try #require(rig.recorder.queue.sync { peripheral.services?.first { $0.uuid == uuid } })
            let changed = try await Self.indication(rig, 0x0001...0xFFFF)
            let sent = Mutex(false)
            rig.tampering.expand { channel, payload in
                guard channel == 0x0004, payload.first == 0x09 else { return nil }
                return sent.withLock { sent in
                    defer { sent = true }
                    return sent ? nil : [changed, payload]
                }
            }
            rig.onQueue { peripheral.discoverCharacteristics(nil, for: primary) }
            let modified = try await rig.events.next { event -> [String]? in
                if case .servicesModified(let services) = event { return services }
                return nil
            }
            #expect(modified.contains(uuid.uuidString))
            let error = try await rig.events.next { event -> ErrorSummary?? in
                guard case .characteristicsDiscovered(_, let error) = event else { return nil }
                return .some(error)
            }
            #expect(error == ErrorSummary(domain: CBErrorDomain, code: CBError.Code.invalidHandle.rawValue))
            #expect(rig.recorder.queue.sync { primary.characteristics ?? [] }.isEmpty)
            #expect(Self.serviceUUIDs(rig).isEmpty)
            rig.tampering.tamper(with: nil)
            let service = try await rig.discover()
            #expect(service !== primary)
            #expect(rig.recorder.queue.sync { service.characteristics?.count } == 3)
            try await rig.finish()
        }
    }

    /// A read or write the app has under way when the peer's Service Changed indication removes its characteristic's
    /// service: the indication goes out just before the peer's answer to the operation's last request.
    enum Operation: String, CaseIterable, Sendable {
        case read = "a read (before its Read Response)"
        case longRead = "a long read (before its Read Blob Response)"
        case write = "a write (before its Write Response)"
        case longWrite = "a long write (before its Execute Write Response)"

        /// The opcode of the peer's answer the indication goes out before.
        var answer: UInt8 {
            switch self {
            case .read: 0x0B
            case .longRead: 0x0D
            case .write: 0x13
            case .longWrite: 0x19
            }
        }

        var characteristic: BluetoothUUID {
            switch self {
            case .read, .longRead: VanishRig.long
            case .write, .longWrite: VanishRig.writable
            }
        }
    }

    @Test(
        "Service Changed over a characteristic's service while it is read or written: the operation fails naming the cause, the service goes, rediscovery works",
        arguments: Operation.allCases)
    func duringValueOperation(_ operation: Operation) async throws {
        try await RigSlots.withSlot {
            var rig = try await VanishRig.start(connect: true)
            let primary = try await rig.discover()
            let characteristic = try rig.characteristic(operation.characteristic, in: primary)
            let changed = try await Self.indication(rig, 0x0001...0xFFFF)
            let answer = operation.answer
            let sent = Mutex(false)
            rig.tampering.expand { channel, payload in
                guard channel == 0x0004, payload.first == answer else { return nil }
                return sent.withLock { sent in
                    defer { sent = true }
                    return sent ? nil : [changed, payload]
                }
            }
            let peripheral = rig.peripheral
            rig.onQueue {
                switch operation {
                case .read, .longRead: peripheral.readValue(for: characteristic)
                case .write: peripheral.writeValue(Data([1, 2, 3]), for: characteristic, type: .withResponse)
                case .longWrite:
                    peripheral.writeValue(Data(VanishRig.longValue), for: characteristic, type: .withResponse)
                }
            }
            let modified = try await Self.modification(&rig)
            #expect(modified.contains(rig.serviceUUID.uuidString))
            let error = try await rig.events.next { event -> ErrorSummary?? in
                switch event {
                case .valueUpdated(_, _, let error), .valueWritten(_, let error): .some(error)
                default: nil
                }
            }
            #expect(error == ErrorSummary(domain: CBErrorDomain, code: CBError.Code.invalidHandle.rawValue))
            #expect(error?.reason?.contains("Service Changed") == true)
            #expect(rig.recorder.queue.sync { characteristic.value } == nil)
            #expect(Self.serviceUUIDs(rig).isEmpty)
            rig.tampering.tamper(with: nil)
            try await Self.rediscoverAndRead(&rig)
        }
    }

    @Test("20 Service Changed indications in a row, each after the last was confirmed: 20 invalidations, link up")
    func twentyInARow() async throws {
        try await RigSlots.withSlot {
            var rig = try await VanishRig.start(connect: true)
            let primary = try await rig.discover()
            let handle = try #require(await rig.device.host.links.first?.handle)
            let changed = try await Self.indication(rig, 0x0001...0xFFFF)
            var modifications: [[String]] = []
            for _ in 0..<20 {
                try await rig.transport.inject(att: changed, on: handle)
                modifications.append(try await Self.modification(&rig))
            }
            #expect(modifications.first?.contains(rig.serviceUUID.uuidString) == true)
            let later = modifications.dropFirst()
            #expect(later.allSatisfy { $0.isEmpty })
            #expect(Self.serviceUUIDs(rig).isEmpty)
            #expect(rig.recorder.queue.sync { primary.characteristics?.count } == 3)
            try await Self.rediscoverAndRead(&rig)
        }
    }

    @Test("20 Service Changed indications sent at once: those before a confirmation are dropped, the link stays up")
    func twentyAtOnce() async throws {
        try await RigSlots.withSlot {
            var rig = try await VanishRig.start(connect: true)
            _ = try await rig.discover()
            let handle = try #require(await rig.device.host.links.first?.handle)
            let changed = try await Self.indication(rig, 0x0001...0xFFFF)
            for _ in 0..<20 {
                try await rig.transport.inject(att: changed, on: handle)
            }
            let first = try await Self.modification(&rig)
            #expect(first.contains(rig.serviceUUID.uuidString))
            // The rediscovery's requests cross after the burst (one link keeps order): once it ends, every
            // indication of the burst was taken or dropped.
            try await Self.rediscoverAndRead(&rig)
        }
    }

    /// The services the next `peripheral(_:didModifyServices:)` names.
    private static func modification(_ rig: inout VanishRig) async throws -> [String] {
        try await rig.events.next { event -> [String]? in
            if case .servicesModified(let services) = event { return services }
            return nil
        }
    }

    /// Checks the link is up, discovers the services again, reads the long value whole and disconnects.
    private static func rediscoverAndRead(_ rig: inout VanishRig) async throws {
        #expect(rig.onQueueState() == .connected)
        try await rig.discoverAndReadLong()
        #expect(serviceUUIDs(rig).contains(rig.serviceUUID.uuidString))
        try await rig.finish()
    }
}
