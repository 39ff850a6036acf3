import HCI
import Host

/// The host-stack benchmarks `bluetooth bench` runs, each on a fresh pair of hosts so that every host event
/// stream has one reader.
enum Benchmarks {
    /// One benchmark: its name and how to run it for a number of operations.
    typealias Benchmark = (name: String, run: @Sendable (Int, BenchSetting) async throws -> BenchResult)

    /// Every benchmark, by name, in the order they run. The unsuffixed streams carry as much as one ATT PDU
    /// holds (512 bytes at the negotiated MTU), the `-20` ones 20 bytes; `l2cap-channel` sends 512-byte SDUs
    /// on an L2CAP credit-based channel.
    static let all: [Benchmark] = [
        ("discover", discover), ("read", read), ("write", write),
        ("write-without-response", { try await writeWithoutResponse("write-without-response", $0, $1, size: 512) }),
        (
            "write-without-response-20",
            { try await writeWithoutResponse("write-without-response-20", $0, $1, size: 20) }
        ),
        ("notify", { try await updates("notify", $0, $1, size: 512, .notification) }),
        ("notify-20", { try await updates("notify-20", $0, $1, size: 20, .notification) }),
        ("indicate", { try await updates("indicate", $0, $1, size: 512, .indication) }),
        ("indicate-20", { try await updates("indicate-20", $0, $1, size: 20, .indication) }),
        ("l2cap-channel", channel),
    ]

    static func withRig(
        _ setting: BenchSetting, _ body: (BenchRig) async throws -> BenchResult
    ) async throws -> BenchResult {
        let rig = try await BenchRig.start(setting)
        do {
            var result = try await withTaskExecutorPreference(rig.executor) { try await body(rig) }
            await rig.stop()
            let info = rig.central.controllerInfo
            result.aclBuffers = (info.aclBufferCount, info.aclBufferLength)
            return result
        } catch {
            await rig.stop()
            throw error
        }
    }

    /// Answers the peripheral's deferred reads with `value` and its writes as applied, from a task that ends when
    /// the peripheral's events end (the rig stops).
    private static func serve(_ rig: BenchRig, value: [UInt8]) async {
        let requests = BenchRequestQueue()
        await rig.peripheral.handleEvents(with: requests.handler)
        Task.preferring(rig.executor) {
            while let batch = await requests.next() {
                for request in batch {
                    switch request.kind {
                    case .read: await rig.peripheral.respond(to: request.id, with: .values([value]))
                    case .write: await rig.peripheral.respond(to: request.id, with: .written)
                    case .writeWithoutResponse: break
                    }
                }
            }
        }
    }

    /// Runs `operation` untimed for the setting's warm-up, then `count` times one after another, timing each.
    private static func roundTrips(
        _ name: String, _ count: Int, bytes: Int, _ setting: BenchSetting, _ operation: () async throws -> Void
    ) async throws -> BenchResult {
        try await warmUp(setting, chunk: 10) { operations in
            for _ in 0..<operations { try await operation() }
        }
        let clock = ContinuousClock()
        var latencies: [Duration] = []
        latencies.reserveCapacity(count)
        let cpu = ProcessCPUTime.now()
        let start = clock.now
        for _ in 0..<count {
            let begun = clock.now
            try await operation()
            latencies.append(clock.now - begun)
        }
        return BenchResult(
            name: name, operations: count, bytesPerOperation: bytes, elapsed: clock.now - start,
            cpuSeconds: ProcessCPUTime.now() - cpu, latencies: latencies)
    }

    /// Runs `operations(chunk)` (which does that many operations and returns once they are done) until the
    /// setting's warm-up has passed; none without one.
    ///
    /// Over TCP the scheduler may have left the two processes on one core while the set-up's round trips kept them
    /// waiting for each other, and moves one away only once both are busy; the warm-up keeps that out of the
    /// measurement. Bumble's runs warm up the same way.
    static func warmUp(
        _ setting: BenchSetting, chunk: Int, _ operations: (Int) async throws -> Void
    ) async throws {
        guard setting.warmUp > .zero else { return }
        let clock = ContinuousClock()
        let end = clock.now + setting.warmUp
        repeat { try await operations(chunk) } while clock.now < end
    }

    /// Runs `stream(chunk)` for the warm-up, then times `stream(count)`: each call sends that many values and
    /// returns once the receiver has them all.
    static func timedStream(
        _ name: String, _ count: Int, bytes: Int, _ setting: BenchSetting, _ stream: (Int) async throws -> Void
    ) async throws -> BenchResult {
        try await warmUp(setting, chunk: 500, stream)
        let clock = ContinuousClock()
        let cpu = ProcessCPUTime.now()
        let start = clock.now
        try await stream(count)
        return BenchResult(
            name: name, operations: count, bytesPerOperation: bytes, elapsed: clock.now - start,
            cpuSeconds: ProcessCPUTime.now() - cpu)
    }

    static func discover(_ count: Int, _ setting: BenchSetting) async throws -> BenchResult {
        try await withRig(setting) { rig in
            try await roundTrips("discover", count, bytes: 0, setting) {
                _ = try await rig.central.discoverDatabase(on: rig.link.handle)
            }
        }
    }

    static func read(_ count: Int, _ setting: BenchSetting) async throws -> BenchResult {
        try await withRig(setting) { rig in
            let value = Array(repeating: UInt8(0x5A), count: 20)
            await serve(rig, value: value)
            return try await roundTrips("read", count, bytes: value.count, setting) {
                _ = try await rig.central.read(rig.echoHandle, on: rig.link.handle)
            }
        }
    }

    static func write(_ count: Int, _ setting: BenchSetting) async throws -> BenchResult {
        try await withRig(setting) { rig in
            await serve(rig, value: [])
            let value = Array(repeating: UInt8(0xA5), count: 20)
            return try await roundTrips("write", count, bytes: value.count, setting) {
                try await rig.central.write(value, to: rig.echoHandle, on: rig.link.handle)
            }
        }
    }

    /// Once the central subscribed, the peripheral sends `count` values of `size` bytes as fast as its transmit
    /// queue takes them; the run ends when the central has them all.
    ///
    /// Both hosts hand their events to handlers on their executors (``BluetoothHost/handleEvents(with:)``), as
    /// the CoreBluetooth layer takes them: the central's counts the values that arrived, the peripheral's wakes
    /// the sender when the peer subscribed or the transmit queue has room again.
    static func updates(
        _ name: String, _ count: Int, _ setting: BenchSetting, size wanted: Int,
        _ kind: GATTClientWriteClientConfiguration.Configuration
    ) async throws -> BenchResult {
        try await withRig(setting) { rig in
            let size = min(rig.link.mtu - 3, wanted)
            let value = Array(repeating: UInt8(0x3C), count: size)
            let ready = BenchEventCount()
            await rig.peripheral.handleEvents(
                with: HostEventHandler(
                    event: { event in
                        switch event {
                        case .server(.subscriptionChanged), .server(.readyToUpdateSubscribers): ready.count()
                        default: break
                        }
                    }, ended: { ready.end() }))
            let received = BenchEventCount()
            await rig.central.handleEvents(
                with: HostEventHandler(
                    event: { event in
                        switch event {
                        case .notification, .indication: received.count()
                        default: break
                        }
                    }, ended: { received.end() }))
            try await rig.central.configureUpdates(kind, of: try await echo(rig), on: rig.link.handle)
            var total = 0
            var readiness = 0
            return try await timedStream(name, count, bytes: size, setting) { values in
                total += values
                try await send(values, readiness: &readiness, ready: ready) { limit in
                    await update(rig.peripheral, value, for: rig.echoHandle, upTo: limit)
                }
                guard await received.wait(beyond: total - 1) != nil else { throw BenchError.stopped }
            }
        }
    }

    /// The central writes `count` values of `size` bytes without response as fast as its transmit queue takes
    /// them; the run ends when the peripheral has them all.
    ///
    /// As in ``updates(_:_:_:size:_:)``, both hosts hand their events to handlers on their executors: the
    /// peripheral's counts the writes that arrived, the central's wakes the writer when its queue has room again.
    static func writeWithoutResponse(
        _ name: String, _ count: Int, _ setting: BenchSetting, size wanted: Int
    ) async throws -> BenchResult {
        try await withRig(setting) { rig in
            let size = min(rig.link.mtu - 3, wanted)
            let value = Array(repeating: UInt8(0x7E), count: size)
            let received = BenchEventCount()
            await rig.peripheral.handleEvents(
                with: HostEventHandler(
                    event: { event in
                        if case .serverRequest(let request) = event, case .writeWithoutResponse = request.kind {
                            received.count()
                        }
                    }, ended: { received.end() }))
            let ready = BenchEventCount()
            await rig.central.handleEvents(
                with: HostEventHandler(
                    event: { event in
                        if case .readyToWriteWithoutResponse = event { ready.count() }
                    }, ended: { ready.end() }))
            var total = 0
            var readiness = 0
            return try await timedStream(name, count, bytes: size, setting) { values in
                total += values
                try await send(values, readiness: &readiness, ready: ready) { limit in
                    try await write(rig.central, value, to: rig.echoHandle, on: rig.link.handle, upTo: limit)
                }
                guard await received.wait(beyond: total - 1) != nil else { throw BenchError.stopped }
            }
        }
    }

    /// Sends `values` values through `batch` (which sends as many as its queue takes, up to the limit it is given,
    /// and returns how many went), waiting for the sender's next readiness event (counted by `ready`, the last seen
    /// in `readiness`) whenever the queue is full.
    private static func send(
        _ values: Int, readiness: inout Int, ready: BenchEventCount, _ batch: (Int) async throws -> Int
    ) async throws {
        var sent = try await batch(values)
        while sent < values {
            guard let now = await ready.wait(beyond: readiness) else { throw BenchError.stopped }
            readiness = now
            sent += try await batch(values - sent)
        }
    }

    /// Sends `value` to the peripheral's subscribers until its transmit queue is full or `limit` values went;
    /// returns how many went. It runs on the host's executor, as an app's loop on its own queue would, so that
    /// the sends cost no hop each.
    private static func update(
        _ peripheral: isolated BluetoothHost, _ value: [UInt8], for attribute: AttributeHandle, upTo limit: Int
    ) -> Int {
        var sent = 0
        while sent < limit, peripheral.updateValue(value, for: attribute) { sent += 1 }
        return sent
    }

    /// Writes `value` without response until the central's transmit queue is full or `limit` values went;
    /// returns how many went. Like ``update(_:_:for:upTo:)``, it runs on the host's executor.
    private static func write(
        _ central: isolated BluetoothHost, _ value: [UInt8], to attribute: AttributeHandle,
        on handle: ConnectionHandle, upTo limit: Int
    ) throws(HostError) -> Int {
        var sent = 0
        while sent < limit, central.canSendWriteWithoutResponse(on: handle) {
            try central.writeWithoutResponse(value, to: attribute, on: handle)
            sent += 1
        }
        return sent
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

/// What every benchmark runs with: where its controllers are, where HCI is logged, and how long each workload runs
/// untimed before it is measured.
struct BenchSetting: Sendable {
    let controllers: BenchControllers
    let snoop: BTSnoopWriter?
    var warmUp: Duration = .zero
}
