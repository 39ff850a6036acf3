import Foundation
import Testing

@Suite("-v and -vv show the HCI, L2CAP, ATT and SMP traffic", .timeLimit(.minutes(2)))
struct PacketTraceTests {
    @Test("read -v prints one line per packet: HCI commands and events, ATT requests and SMP pairing")
    func readTrace() async throws {
        let served = try await ServedPeripheral.start(ThrowawayBondTests.gatt)
        defer { served.stop() }
        let outcome = try await CommandLineTool.run(["read", "Vault", "2A19", "-v", "--transport", served.transport])
        #expect(outcome.status == 0, "\(outcome.standardError)")
        #expect(outcome.standardOutput == "2a\n")
        let lines = outcome.standardError.split(separator: "\n").map(String.init)
        #expect(lines.contains("> HCI command reset"))
        #expect(
            lines.contains("< HCI event leMeta connectionComplete")
                || lines.contains("< HCI event leMeta enhancedConnectionComplete"), "\(lines)")
        #expect(lines.contains { $0.hasPrefix("> ACL ") && $0.hasSuffix(" ATT readRequest") }, "\(lines)")
        #expect(lines.contains { $0.hasPrefix("> ACL ") && $0.hasSuffix(" SMP pairingRequest") }, "\(lines)")
    }

    @Test("-vv adds the decoded fields, and --btsnoop still gets the whole log")
    func detailedTrace() async throws {
        let served = try await ServedPeripheral.start(ThrowawayBondTests.gatt)
        defer { served.stop() }
        let log = FileManager.default.temporaryDirectory.appendingPathComponent("trace-\(UUID().uuidString).btsnoop")
        defer { try? FileManager.default.removeItem(at: log) }
        let outcome = try await CommandLineTool.run(
            ["explore", "Vault", "-vv", "--btsnoop", log.path, "--transport", served.transport])
        #expect(outcome.status == 0, "\(outcome.standardError)")
        #expect(outcome.standardError.contains("ATT readByGroupTypeRequest("), "\(outcome.standardError)")
        let logged = try Data(contentsOf: log)
        #expect(logged.prefix(8) == Data("btsnoop\0".utf8))
        #expect(logged.count > 16 + 24 * 20, "\(logged.count) bytes")
    }
}
