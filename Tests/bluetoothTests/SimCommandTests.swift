import Foundation
import HCI
import Testing

@Suite("bluetooth sim, run as an executable", .timeLimit(.minutes(2)))
struct SimCommandTests {
    @Test("sim serves a virtual controller over H4/TCP that answers HCI Reset")
    func servesControllers() async throws {
        let (sim, port) = try await Self.startSim()
        defer { _ = sim.stop() }
        let transport = try await TransportSpec(parsing: "tcp:127.0.0.1:\(port)").open()
        defer { Task { await transport.close() } }
        try await transport.send(.command(HCICommandPacket(ResetCommand())))
        var iterator = transport.incoming.makeAsyncIterator()
        let complete = try await Self.commandComplete(from: &iterator)
        #expect(complete.opcode == ResetCommand.opcode)
        #expect(complete.status == .success)
    }

    @Test("--acl-buffers sets how many ACL packets each controller reports it buffers; out of range is a usage error")
    func aclBuffers() async throws {
        let (sim, port) = try await Self.startSim(["--acl-buffers", "32"])
        defer { _ = sim.stop() }
        let transport = try await TransportSpec(parsing: "tcp:127.0.0.1:\(port)").open()
        defer { Task { await transport.close() } }
        try await transport.send(.command(HCICommandPacket(LEReadBufferSizeCommand())))
        var iterator = transport.incoming.makeAsyncIterator()
        let complete = try await Self.commandComplete(from: &iterator)
        let size = try LEReadBufferSizeCommand.ReturnParameters(decoding: complete.returnParameters.dropFirst())
        #expect(size.totalNumLEACLDataPackets == 32)
        #expect(try await CommandLineTool.run(["sim", "--listen", "127.0.0.1:0", "--acl-buffers", "0"]).status == 2)
    }

    @Test("--public-address gives each client's controller a public address of its own; without it there is none")
    func publicAddresses() async throws {
        let (sim, port) = try await Self.startSim(["--public-address"])
        defer { _ = sim.stop() }
        #expect(try await Self.readAddress(port: port) == BluetoothAddress("5A:1A:00:00:00:01"))
        #expect(try await Self.readAddress(port: port) == BluetoothAddress("5A:1A:00:00:00:02"))
        let (plainSim, plainPort) = try await Self.startSim()
        defer { _ = plainSim.stop() }
        #expect(try await Self.readAddress(port: plainPort) == .zero)
    }

    /// Connects a client to the sim on `port` and reads its controller's public address (Read BD_ADDR).
    private static func readAddress(port: UInt16) async throws -> BluetoothAddress {
        let transport = try await TransportSpec(parsing: "tcp:127.0.0.1:\(port)").open()
        defer { Task { await transport.close() } }
        try await transport.send(.command(HCICommandPacket(ReadBDADDRCommand())))
        var iterator = transport.incoming.makeAsyncIterator()
        let complete = try await commandComplete(from: &iterator)
        return try ReadBDADDRCommand.ReturnParameters(decoding: complete.returnParameters.dropFirst()).address
    }

    /// Starts `bluetooth sim` on a free port with `arguments` added, and reads the port it announced.
    static func startSim(_ arguments: [String] = []) async throws -> (RunningTool, UInt16) {
        let sim = try RunningTool(["sim", "--listen", "127.0.0.1:0", "--json"] + arguments)
        let line = try #require(await sim.nextLine())
        let announcement = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        return (sim, try #require((announcement["port"] as? Int).flatMap { UInt16(exactly: $0) }))
    }

    /// The next packet, which must be a Command Complete.
    private static func commandComplete(
        from iterator: inout AsyncThrowingStream<HCIPacket, any Error>.AsyncIterator
    ) async throws -> CommandCompleteEvent {
        let reply = try #require(try await iterator.next())
        guard case .event(let event) = reply, case .commandComplete(let complete) = try KnownEvent(event) else {
            throw SimReplyError.unexpected(reply)
        }
        return complete
    }

    private enum SimReplyError: Error {
        case unexpected(HCIPacket)
    }

    @Test("sim on a port already in use fails with a one-line error and exit status 1")
    func portInUse() async throws {
        let listener = try await TCPListener.listen(host: "127.0.0.1", port: 0)
        defer { Task { await listener.close() } }
        let outcome = try await CommandLineTool.run(["sim", "--listen", "127.0.0.1:\(listener.port)"])
        #expect(outcome.status == 1)
        let lines = outcome.standardError.split(separator: "\n")
        #expect(
            lines == [
                "bluetooth sim: cannot listen on 127.0.0.1:\(listener.port): cannot bind (Address already in use)"
            ])
    }

    @Test("a malformed --listen is a usage error (exit status 2)")
    func malformedListen() async throws {
        let outcome = try await CommandLineTool.run(["sim", "--listen", "localhost"])
        #expect(outcome.status == 2)
    }
}
