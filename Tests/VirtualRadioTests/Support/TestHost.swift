import HCI
import Testing

@testable import VirtualRadio

/// Why a test host gave up.
enum TestHostError: Error, CustomStringConvertible {
    case streamEnded
    case commandFailed(HCIOpcode, HCIStatus)

    var description: String {
        switch self {
        case .streamEnded: "the controller's stream ended"
        case .commandFailed(let opcode, let status): "command \(opcode) failed: \(status)"
        }
    }
}

/// A tiny host for tests: it sends typed commands as raw HCI packets and awaits typed events.
///
/// Events that arrive while a test awaits another one are kept, in order, for later expectations. Nothing
/// sleeps: after `send` returns, everything the command caused is already queued; only timers (driven by a
/// `ManualClock`) make events arrive later. A watchdog fails a wait that lasts more than ten seconds.
final class TestHost {
    /// Events a test host unmasks: Disconnection Complete, Encryption Change, Read Remote Version Information
    /// Complete, Hardware Error, Encryption Key Refresh Complete and LE Meta.
    static let eventMask: UInt64 = 1 << 4 | 1 << 7 | 1 << 11 | 1 << 15 | 1 << 47 | 1 << 61

    /// LE subevents a test host unmasks unless told otherwise (not Remote Connection Parameter Request nor
    /// the enhanced connection complete events, which tests turn on where they matter).
    static let leEventMask: UInt64 = mask(
        .connectionComplete, .advertisingReport, .connectionUpdateComplete, .readRemoteFeaturesComplete,
        .longTermKeyRequest, .dataLengthChange, .phyUpdateComplete, .extendedAdvertisingReport, .scanTimeout,
        .advertisingSetTerminated, .scanRequestReceived)

    static func mask(_ subevents: LESubeventCode...) -> UInt64 {
        subevents.reduce(0) { $0 | 1 << UInt64($1.rawValue - 1) }
    }

    let controller: VirtualController
    /// The static random address the host gave its controller, if any.
    private(set) var address: BluetoothAddress = .zero
    private var iterator: AsyncThrowingStream<HCIPacket, any Error>.AsyncIterator
    var backlog: [HCIPacket] = []

    init(_ controller: VirtualController) {
        self.controller = controller
        iterator = controller.incoming.makeAsyncIterator()
    }

    /// Joins a controller to the air and brings it up: reset, event masks, and a static random address.
    static func make(
        on air: Air, configuration: VirtualControllerConfiguration = VirtualControllerConfiguration(),
        randomAddress: BluetoothAddress?, leEventMask: UInt64 = TestHost.leEventMask
    ) async throws -> TestHost {
        let host = TestHost(await air.makeController(configuration: configuration))
        _ = try await host.execute(ResetCommand())
        _ = try await host.execute(SetEventMaskCommand(eventMask: eventMask))
        _ = try await host.execute(LESetEventMaskCommand(leEventMask: leEventMask))
        if let randomAddress {
            _ = try await host.execute(LESetRandomAddressCommand(randomAddress: randomAddress))
            host.address = randomAddress
        }
        return host
    }

    func send(_ packet: HCIPacket) async throws {
        try await controller.send(packet)
    }

    /// The next packet from the controller, failing after ten seconds without one.
    func nextPacket() async throws -> HCIPacket {
        if !backlog.isEmpty { return backlog.removeFirst() }
        let queue = controller.queue
        let watchdog = Task {
            try await Task.sleep(for: .seconds(10))
            queue.finish(failure: .io("timed out waiting for the controller"))
        }
        defer { watchdog.cancel() }
        guard let packet = try await iterator.next() else { throw TestHostError.streamEnded }
        return packet
    }

    /// Awaits the first event `match` accepts; other packets stay queued, in order, for later.
    func expect<T>(_ match: (KnownEvent) -> T?) async throws -> T {
        var skipped: [HCIPacket] = []
        defer { backlog.insert(contentsOf: skipped, at: 0) }
        while true {
            let packet = try await nextPacket()
            if case .event(let raw) = packet, let event = try? KnownEvent(raw), let value = match(event) {
                return value
            }
            skipped.append(packet)
        }
    }

    /// Awaits the first LE subevent `match` accepts.
    func expectLE<T>(_ match: (KnownLEMetaEvent) -> T?) async throws -> T {
        try await expect { event in
            if case .leMeta(let subevent) = event { return match(subevent) }
            return nil
        }
    }

    /// Awaits the next ACL packet.
    func expectACL() async throws -> ACLDataPacket {
        var skipped: [HCIPacket] = []
        defer { backlog.insert(contentsOf: skipped, at: 0) }
        while true {
            let packet = try await nextPacket()
            if case .acl(let data) = packet { return data }
            skipped.append(packet)
        }
    }

    /// Everything the controller has queued right now, without waiting, plus what earlier waits skipped.
    func drain() async throws -> [HCIPacket] {
        var packets = backlog
        backlog = []
        while controller.queue.count > 0 {
            guard let packet = try await iterator.next() else { break }
            packets.append(packet)
        }
        return packets
    }

    /// Everything queued right now, decoded as events (ACL packets are left out).
    func drainEvents() async throws -> [KnownEvent] {
        try await drain().compactMap { packet in
            guard case .event(let raw) = packet else { return nil }
            return try? KnownEvent(raw)
        }
    }

    /// Sends a raw command and returns its Command Complete.
    func commandComplete(_ packet: HCICommandPacket) async throws -> CommandCompleteEvent {
        try await send(.command(packet))
        return try await expect { event in
            if case .commandComplete(let complete) = event, complete.opcode == packet.opcode { return complete }
            return nil
        }
    }

    /// Sends a raw command and returns the status of its Command Status.
    func commandStatus(_ packet: HCICommandPacket) async throws -> HCIStatus {
        try await send(.command(packet))
        return try await expect { event in
            if case .commandStatus(let status) = event, status.opcode == packet.opcode { return status.status }
            return nil
        }
    }

    /// Runs a command that must succeed and returns its decoded return parameters.
    func execute<C: HCICommand>(_ command: C) async throws -> C.ReturnParameters {
        let complete = try await commandComplete(HCICommandPacket(command))
        let status = complete.status ?? .unspecifiedError
        guard status.isSuccess else { throw TestHostError.commandFailed(C.opcode, status) }
        return try C.ReturnParameters(decoding: Array(complete.returnParameters.dropFirst()))
    }

    /// Runs a command and returns only the status of its Command Complete.
    func status<C: HCICommand>(of command: C) async throws -> HCIStatus {
        try await commandComplete(HCICommandPacket(command)).status ?? .unspecifiedError
    }

    /// Starts an asynchronous command and returns the status of its Command Status.
    func start<C: HCIAsyncCommand>(_ command: C) async throws -> HCIStatus {
        try await commandStatus(HCICommandPacket(command))
    }
}
