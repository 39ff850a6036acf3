import Foundation
import HCI
import Testing

@Suite("bluetooth sim, run as an executable", .timeLimit(.minutes(2)))
struct SimCommandTests {
    @Test("sim serves a virtual controller over H4/TCP that answers HCI Reset")
    func servesControllers() async throws {
        let sim = try RunningTool(["sim", "--listen", "127.0.0.1:0", "--json"])
        defer { _ = sim.stop() }
        let line = try #require(await sim.nextLine())
        let announcement = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        let port = try #require((announcement["port"] as? Int).flatMap { UInt16(exactly: $0) })

        let transport = try await TransportSpec(parsing: "tcp:127.0.0.1:\(port)").open()
        defer { Task { await transport.close() } }
        try await transport.send(.command(HCICommandPacket(ResetCommand())))
        var iterator = transport.incoming.makeAsyncIterator()
        let reply = try #require(try await iterator.next())
        guard case .event(let event) = reply, case .commandComplete(let complete) = try KnownEvent(event) else {
            Issue.record("expected Command Complete, got \(reply)")
            return
        }
        #expect(complete.opcode == ResetCommand.opcode)
        #expect(complete.status == .success)
    }

    @Test("sim on a port already in use fails with a one-line error and exit status 1")
    func portInUse() async throws {
        let listener = try await TCPListener.listen(host: "127.0.0.1", port: 0)
        defer { Task { await listener.close() } }
        let outcome = try await CommandLineTool.run(["sim", "--listen", "127.0.0.1:\(listener.port)"])
        #expect(outcome.status == 1)
        let lines = outcome.standardError.split(separator: "\n")
        #expect(lines.count == 1, "\(outcome.standardError)")
        #expect(outcome.standardError.contains("127.0.0.1:\(listener.port)"))
    }

    @Test("a malformed --listen is a usage error (exit status 2)")
    func malformedListen() async throws {
        let outcome = try await CommandLineTool.run(["sim", "--listen", "localhost"])
        #expect(outcome.status == 2)
    }
}
