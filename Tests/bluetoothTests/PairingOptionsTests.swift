import Foundation
import Testing

@testable import bluetooth

@Suite("--io-capability and --passkey: the commands pair through an agent", .timeLimit(.minutes(2)))
struct PairingOptionsTests {
    @Test("both sides keyboard-only with the same --passkey pair by Passkey Entry and read; a wrong passkey fails")
    func passkeyEntryBothTyping() async throws {
        let served = try await ServedPeripheral.start(
            ThrowawayBondTests.gatt, arguments: ["--io-capability", "keyboard-only", "--passkey", "024680"])
        defer { served.stop() }
        let wrong = try await CommandLineTool.run(
            [
                "read", "Vault", "2A19", "--io-capability", "keyboard-only", "--passkey", "135791", "--transport",
                served.transport,
            ])
        #expect(wrong.status == 1)
        #expect(wrong.standardError.contains("entering passkey 135791"))

        let right = try await CommandLineTool.run(
            [
                "read", "Vault", "2A19", "--io-capability", "keyboard-only", "--passkey", "024680", "--transport",
                served.transport,
            ])
        #expect(right.status == 0, "\(right.standardError)")
        #expect(right.standardOutput == "2a\n")
        #expect(right.standardError.contains("entering passkey 024680"))
    }

    @Test("a passkey of more than six digits and an unknown capability are usage errors")
    func rejectsBadOptions() async throws {
        let long = try await CommandLineTool.run(["read", "Vault", "2A19", "--passkey", "1000000"])
        #expect(long.status == 2)
        #expect(long.standardError.contains("is not a six-digit passkey"))
        let unknown = try await CommandLineTool.run(["serve", "gatt.json", "--io-capability", "telepathy"])
        #expect(unknown.status == 2)
        #expect(unknown.standardError.contains("telepathy"))
        #expect(CommandPairingAgent.sixDigits(42) == "000042")
    }
}
