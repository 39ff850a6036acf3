import HCI
import Host
import Synchronization

/// The host-stack benchmarks `bluetooth bench` runs on the virtual radio, each on a fresh pair of hosts
/// so that every host event stream has one reader.
enum Benchmarks {
    /// Every benchmark, by name, in the order they run.
    static let all: [(name: String, run: @Sendable (Int, BTSnoopWriter?) async throws -> BenchResult)] = [
        ("discover", discover), ("read", read), ("write", write), ("notify", notify),
        ("write-without-response", writeWithoutResponse),
    ]

    private static func withRig(
        _ snoop: BTSnoopWriter?, _ body: (BenchRig) async throws -> BenchResult
    ) async throws -> BenchResult {
        let rig = try await BenchRig.start(snoop: snoop)
        do {
            let result = try await body(rig)
            await rig.stop()
            return result
        } catch {
            await rig.stop()
            throw error
        }
    }

    /// Answers the peripheral's deferred reads with `value` and its writes as applied.
    private static func serve(_ rig: BenchRig, value: [UInt8]) -> Task<Void, Never> {
        Task {
            for await event in rig.peripheral.events {
                guard case .serverRequest(let request) = event else { continue }
                switch request.kind {
                case .read: await rig.peripheral.respond(to: request.id, with: .values([value]))
                case .write: await rig.peripheral.respond(to: request.id, with: .written)
                case .writeWithoutResponse: break
                }
            }
        }
    }

    static func discover(_ count: Int, _ snoop: BTSnoopWriter?) async throws -> BenchResult {
        try await withRig(snoop) { rig in
            let elapsed = try await ContinuousClock().measure {
                for _ in 0..<count { _ = try await rig.central.discoverDatabase(on: rig.link.handle) }
            }
            return BenchResult(name: "discover", operations: count, bytesPerOperation: 0, elapsed: elapsed)
        }
    }

    static func read(_ count: Int, _ snoop: BTSnoopWriter?) async throws -> BenchResult {
        try await withRig(snoop) { rig in
            let value = Array(repeating: UInt8(0x5A), count: 20)
            let server = serve(rig, value: value)
            defer { server.cancel() }
            let elapsed = try await ContinuousClock().measure {
                for _ in 0..<count { _ = try await rig.central.read(rig.echoHandle, on: rig.link.handle) }
            }
            return BenchResult(name: "read", operations: count, bytesPerOperation: value.count, elapsed: elapsed)
        }
    }

    static func write(_ count: Int, _ snoop: BTSnoopWriter?) async throws -> BenchResult {
        try await withRig(snoop) { rig in
            let server = serve(rig, value: [])
            defer { server.cancel() }
            let value = Array(repeating: UInt8(0xA5), count: 20)
            let elapsed = try await ContinuousClock().measure {
                for _ in 0..<count { try await rig.central.write(value, to: rig.echoHandle, on: rig.link.handle) }
            }
            return BenchResult(name: "write", operations: count, bytesPerOperation: value.count, elapsed: elapsed)
        }
    }

    static func notify(_ count: Int, _ snoop: BTSnoopWriter?) async throws -> BenchResult {
        try await withRig(snoop) { rig in
            let size = min(rig.link.mtu - 3, 512)
            let value = Array(repeating: UInt8(0x3C), count: size)
            let clock = ContinuousClock()
            let sender = Task {
                var subscribed = false
                var sent = 0
                for await event in rig.peripheral.events {
                    switch event {
                    case .server(.subscriptionChanged): subscribed = true
                    case .server(.readyToUpdateSubscribers): break
                    default: continue
                    }
                    while subscribed, sent < count, await rig.peripheral.updateValue(value, for: rig.echoHandle) {
                        sent += 1
                    }
                    if sent == count { return }
                }
            }
            let start = clock.now
            let receiver = Task {
                var seen = 0
                for await event in rig.central.events {
                    if case .notification = event { seen += 1 }
                    if seen == count { return }
                }
            }
            try await rig.central.configureUpdates(.notification, of: try await echo(rig), on: rig.link.handle)
            await sender.value
            await receiver.value
            return BenchResult(name: "notify", operations: count, bytesPerOperation: size, elapsed: clock.now - start)
        }
    }

    static func writeWithoutResponse(_ count: Int, _ snoop: BTSnoopWriter?) async throws -> BenchResult {
        try await withRig(snoop) { rig in
            let size = min(rig.link.mtu - 3, 512)
            let value = Array(repeating: UInt8(0x7E), count: size)
            let clock = ContinuousClock()
            let start = clock.now
            let receiver = Task {
                var seen = 0
                for await event in rig.peripheral.events {
                    guard case .serverRequest(let request) = event, case .writeWithoutResponse = request.kind else {
                        continue
                    }
                    seen += 1
                    if seen == count { return }
                }
            }
            var readiness = rig.central.events.makeAsyncIterator()
            for _ in 0..<count {
                while await !rig.central.canSendWriteWithoutResponse(on: rig.link.handle) {
                    while let event = await readiness.next() {
                        if case .readyToWriteWithoutResponse = event { break }
                    }
                }
                try await rig.central.writeWithoutResponse(value, to: rig.echoHandle, on: rig.link.handle)
            }
            await receiver.value
            return BenchResult(
                name: "write-without-response", operations: count, bytesPerOperation: size, elapsed: clock.now - start)
        }
    }

    private static func echo(_ rig: BenchRig) async throws -> DiscoveredCharacteristic {
        guard
            let service = try await rig.central.discoverPrimaryServices(on: rig.link.handle, uuid: BenchRig.service)
                .first,
            let echo = try await rig.central.discoverCharacteristics(of: service, on: rig.link.handle).first
        else { throw BenchError.setUp("the echo characteristic was not discovered") }
        return echo
    }
}
