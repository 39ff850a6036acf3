import Foundation
import HCI
import Testing

@testable import bluetooth

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

    /// An ACL packet on connection 0x40 carrying `att` to the ATT channel.
    static func attPacket(_ att: [UInt8]) -> HCIPacket {
        let length = UInt16(att.count)
        let frame = [UInt8(length & 0xFF), UInt8(length >> 8), 0x04, 0x00] + att
        return .acl(ACLDataPacket(handle: ConnectionHandle(rawValue: 0x0040), boundary: .firstFlushable, data: frame))
    }

    @Test("-vv gives a PDU's fields in their own notation: handles and UUIDs in hex, values as hex bytes")
    func decodedFields() {
        let readByType = Self.attPacket([0x08, 0x01, 0x00, 0xFF, 0xFF, 0x00, 0x28])
        #expect(
            PacketLine.describe(readByType, sent: true, detailed: true)
                == "> ACL 0x40 ATT readByTypeRequest(startingHandle: 0x0001, endingHandle: 0xFFFF, attributeType: 2800)"
        )
        let write = Self.attPacket([0x12, 0x03, 0x00, 0xCA, 0xFE])
        #expect(
            PacketLine.describe(write, sent: false, detailed: true)
                == "< ACL 0x40 ATT writeRequest(handle: 0x0003, value: cafe)")
        #expect(PacketLine.describe(write, sent: false, detailed: false) == "< ACL 0x40 ATT writeRequest")
    }
}
