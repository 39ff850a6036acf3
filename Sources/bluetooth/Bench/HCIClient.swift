import HCI

/// A bare HCI client for the crowd benchmark: it sends typed commands on a transport and awaits their
/// Command Complete, with no host stack behind it, so a thousand of them cost next to nothing.
final class HCIClient {
    let transport: any HCITransport
    private var iterator: AsyncThrowingStream<HCIPacket, any Error>.AsyncIterator

    init(_ transport: any HCITransport) {
        self.transport = transport
        iterator = transport.incoming.makeAsyncIterator()
    }

    /// Runs a command that must succeed and returns its decoded return parameters.
    @discardableResult
    func execute<C: HCICommand>(_ command: C) async throws -> C.ReturnParameters {
        try await transport.send(.command(HCICommandPacket(command)))
        while let packet = try await iterator.next() {
            guard case .event(let raw) = packet, case .commandComplete(let complete)? = try? KnownEvent(raw),
                complete.opcode == C.opcode
            else { continue }
            let status = complete.status ?? .unspecifiedError
            guard status.isSuccess else { throw BenchError.setUp("\(C.opcode) failed: \(status)") }
            return try C.ReturnParameters(decoding: Array(complete.returnParameters.dropFirst()))
        }
        throw BenchError.setUp("the controller went away")
    }

    /// Starts a command answered with Command Status, which must succeed.
    func start<C: HCIAsyncCommand>(_ command: C) async throws {
        try await transport.send(.command(HCICommandPacket(command)))
        let status = try await expect { event -> HCIStatus? in
            guard case .commandStatus(let status) = event, status.opcode == C.opcode else { return nil }
            return status.status
        }
        guard status.isSuccess else { throw BenchError.setUp("\(C.opcode) failed: \(status)") }
    }

    /// Awaits the first event `match` accepts, passing over everything else.
    func expect<T>(_ match: (KnownEvent) -> T?) async throws -> T {
        while let packet = try await iterator.next() {
            guard case .event(let raw) = packet, let event = try? KnownEvent(raw), let value = match(event) else {
                continue
            }
            return value
        }
        throw BenchError.setUp("the controller went away")
    }

    /// The next packet from the controller, or nil when the transport ended.
    func next() async throws -> HCIPacket? {
        try await iterator.next()
    }
}
