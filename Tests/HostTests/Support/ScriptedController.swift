import HCI
import Testing

/// A controller played by the test: it expects the host's commands in order and answers as scripted.
final class ScriptedController: Sendable {
    let transport: InProcessTransport
    private let iterator: PacketIterator

    /// The host-facing end, for the `ControllerChannel` under test.
    let hostSide: InProcessTransport

    init() {
        let (host, controller) = InProcessTransport.pair()
        hostSide = host
        transport = controller
        iterator = PacketIterator(controller.incoming)
    }

    /// The next packet the host sent.
    func nextPacket() async throws -> HCIPacket {
        try #require(try await iterator.next())
    }

    /// Whether the host closed its end: true once everything it sent has been read and its stream ended.
    func hostClosed() async throws -> Bool {
        try await iterator.next() == nil
    }

    /// Expects the next packet to be command `C` and decodes it.
    @discardableResult
    func expect<C: HCICommandParameters>(_: C.Type, sourceLocation: SourceLocation = #_sourceLocation) async throws -> C
    {
        let packet = try await nextPacket()
        guard case .command(let command) = packet else {
            Issue.record("expected command \(C.self), got \(packet)", sourceLocation: sourceLocation)
            throw ScriptError.unexpected
        }
        #expect(command.opcode == C.opcode, "expected \(C.self)", sourceLocation: sourceLocation)
        return try C(decoding: command.parameters)
    }

    /// Answers command `C` with success.
    func complete<C: HCICommand>(_: C.Type, _ parameters: C.ReturnParameters, credits: UInt8 = 1) async throws {
        try await send(CommandCompleteEvent(numHCICommandPackets: credits, answering: C.self, returning: parameters))
    }

    /// Answers a command with a failure status.
    func fail(_ opcode: HCIOpcode, _ status: HCIStatus, credits: UInt8 = 1) async throws {
        try await send(CommandCompleteEvent(numHCICommandPackets: credits, opcode: opcode, failure: status))
    }

    /// Sends an event to the host.
    func send<E: HCIEvent>(_ event: E) async throws {
        try await transport.send(.event(HCIEventPacket(event)))
    }

    /// Sends an LE Meta subevent to the host.
    func send<E: LEMetaEvent>(_ event: E) async throws {
        try await transport.send(.event(HCIEventPacket(event)))
    }

    enum ScriptError: Error { case unexpected }
}

/// Shares one iterator of a transport's incoming packets.
actor PacketIterator {
    private var iterator: AsyncThrowingStream<HCIPacket, any Error>.AsyncIterator

    init(_ stream: AsyncThrowingStream<HCIPacket, any Error>) {
        iterator = stream.makeAsyncIterator()
    }

    func next() async throws -> HCIPacket? {
        var current = iterator
        defer { iterator = current }
        return try await current.next(isolation: self)
    }
}
