import HCI
import Host
import Testing

@Suite("GATT server Signed Write Commands", .timeLimit(.minutes(2)))
struct GATTServerSignedWriteTests {
    typealias F = GATTFixtures

    static func server() throws -> GATTServer {
        GATTServer(database: try AttributeDatabase(deviceName: "GATT Test", services: SignedWriteTests.services))
    }

    static func command(_ handle: AttributeHandle, _ value: [UInt8] = [0x01]) -> ATTSignedWriteCommand {
        ATTSignedWriteCommand(handle: handle, value: value, signature: Array(repeating: 0xA5, count: 12))
    }

    @Test(
        "a verified signed write to a signable characteristic on an unencrypted link reaches the application as a write without response"
    )
    func verifiedWrite() throws {
        var server = try Self.server()
        let handle = try SignedWriteTests.valueHandle(of: SignedWriteTests.signable)
        var asked: [ATTSignedWriteCommand] = []
        let outcome = try server.handleSignedWrite(Self.command(handle, [0x42]), from: F.first) { command in
            asked.append(command)
            return true
        }
        guard case .deferred(let request) = outcome else {
            Issue.record("expected a deferral, got \(outcome)")
            return
        }
        #expect(request.kind == .writeWithoutResponse(.init(handle: handle, offset: 0, value: [0x42])))
        #expect(asked == [Self.command(handle, [0x42])])
    }

    @Test("a signature the verifier refuses drops the command")
    func refusedSignature() throws {
        var server = try Self.server()
        let handle = try SignedWriteTests.valueHandle(of: SignedWriteTests.signable)
        #expect(throws: SignedWriteRefusal.signatureRejected) {
            try server.handleSignedWrite(Self.command(handle), from: F.first) { _ in false }
        }
    }

    @Test(
        "on an encrypted link a signed write is dropped before its signature is checked (GATT 4.9.2)",
        arguments: [LinkSecurity.encrypted, .authenticated])
    func encryptedLink(security: LinkSecurity) throws {
        var server = try Self.server()
        let handle = try SignedWriteTests.valueHandle(of: SignedWriteTests.signable)
        var asked = false
        #expect(throws: SignedWriteRefusal.encryptedLink) {
            try server.handleSignedWrite(Self.command(handle), from: F.context(security: security)) { _ in
                asked = true
                return true
            }
        }
        #expect(!asked)
    }

    @Test(
        "a signed write to anything but the value of a characteristic with Authenticated Signed Writes is dropped before its signature is checked",
        arguments: [0x19, 0x1A, 0x03] as [UInt16])
    func notSignable(raw: UInt16) throws {
        var server = try Self.server()
        var asked = false
        #expect(throws: SignedWriteRefusal.notSignable(F.handle(raw))) {
            try server.handleSignedWrite(Self.command(F.handle(raw)), from: F.first) { _ in
                asked = true
                return true
            }
        }
        #expect(!asked)
    }

    @Test("a verified signed write still meets the attribute's permissions on the unencrypted link")
    func permissions() throws {
        var server = try Self.server()
        let handle = try SignedWriteTests.valueHandle(of: SignedWriteTests.signableSecret)
        #expect(try server.handleSignedWrite(Self.command(handle), from: F.first) { _ in true } == .none)
    }

    @Test("a Signed Write Command handed to the server unverified is ignored")
    func unverified() throws {
        var server = try Self.server()
        let handle = try SignedWriteTests.valueHandle(of: SignedWriteTests.signable)
        #expect(server.handle(.signedWriteCommand(Self.command(handle)), from: F.first) == .none)
    }
}
