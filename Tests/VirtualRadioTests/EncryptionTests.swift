import HCI
import Testing

@testable import VirtualRadio

@Suite("Link encryption", .timeLimit(.minutes(2)))
struct EncryptionTests {
    let air = Air(clock: ManualClock())
    let key: [UInt8] = Array(1...16)

    private func connectedPair() async throws
        -> (TestHost, TestHost, (central: ConnectionHandle, peripheral: ConnectionHandle))
    {
        let c = try await TestHost.make(on: air, randomAddress: Addresses.first)
        let p = try await TestHost.make(on: air, randomAddress: Addresses.second)
        let handles = try await c.connect(to: p)
        return (c, p, handles)
    }

    private func expectKeyRequest(_ host: TestHost) async throws -> LELongTermKeyRequestEvent {
        try await host.expectLE { event in
            if case .longTermKeyRequest(let e) = event { return e }
            return nil
        }
    }

    private func expectEncryptionChange(_ host: TestHost) async throws -> EncryptionChangeEvent {
        try await host.expect { event in
            if case .encryptionChange(let e) = event { return e }
            return nil
        }
    }

    private func startEncryption(_ central: TestHost, _ handle: ConnectionHandle) async throws -> HCIStatus {
        try await central.start(
            LEEnableEncryptionCommand(
                handle: handle, randomNumber: 0x1122_3344_5566_7788, encryptedDiversifier: 0xBEEF, longTermKey: key))
    }

    @Test("The peripheral host gets the key request with Rand and EDIV; the same key encrypts both sides")
    func encryptionSucceeds() async throws {
        let (central, peripheral, handles) = try await connectedPair()
        #expect(try await startEncryption(central, handles.central) == .success)
        let request = try await expectKeyRequest(peripheral)
        #expect(request.handle == handles.peripheral)
        #expect(request.randomNumber == 0x1122_3344_5566_7788 && request.encryptedDiversifier == 0xBEEF)
        let reply = try await peripheral.execute(
            LELongTermKeyRequestReplyCommand(handle: handles.peripheral, longTermKey: key))
        #expect(reply.handle == handles.peripheral)
        let atCentral = try await expectEncryptionChange(central)
        let atPeripheral = try await expectEncryptionChange(peripheral)
        #expect(atCentral.status == .success && atCentral.handle == handles.central && atCentral.encryptionEnabled == 1)
        #expect(atPeripheral.status == .success && atPeripheral.handle == handles.peripheral)
        #expect(atPeripheral.encryptionEnabled == 1)
    }

    @Test("Different keys fail the MIC check: both links end with Connection Terminated due to MIC Failure (0x3D)")
    func keyMismatchDisconnects() async throws {
        let (central, peripheral, handles) = try await connectedPair()
        _ = try await startEncryption(central, handles.central)
        _ = try await expectKeyRequest(peripheral)
        _ = try await peripheral.execute(
            LELongTermKeyRequestReplyCommand(handle: handles.peripheral, longTermKey: Array(repeating: 0xAA, count: 16))
        )
        let atCentral = try await central.expectDisconnection()
        let atPeripheral = try await peripheral.expectDisconnection()
        #expect(atCentral.handle == handles.central && atCentral.reason == .connectionTerminatedMICFailure)
        #expect(atPeripheral.handle == handles.peripheral && atPeripheral.reason == .connectionTerminatedMICFailure)
    }

    @Test("A negative reply gives the central Encryption Change with PIN or Key Missing (0x06); the link stays")
    func negativeReply() async throws {
        let (central, peripheral, handles) = try await connectedPair()
        _ = try await startEncryption(central, handles.central)
        _ = try await expectKeyRequest(peripheral)
        _ = try await peripheral.execute(LELongTermKeyRequestNegativeReplyCommand(handle: handles.peripheral))
        let change = try await expectEncryptionChange(central)
        #expect(change.status == .pinOrKeyMissing && change.encryptionEnabled == 0)
        #expect(try await peripheral.drainEvents().isEmpty)
        #expect(try await central.execute(ReadRSSICommand(handle: handles.central)).handle == handles.central)
    }

    @Test("Encrypting an encrypted link again ends with Encryption Key Refresh Complete on both sides")
    func keyRefresh() async throws {
        let (central, peripheral, handles) = try await connectedPair()
        for _ in 0..<2 {
            _ = try await startEncryption(central, handles.central)
            _ = try await expectKeyRequest(peripheral)
            _ = try await peripheral.execute(
                LELongTermKeyRequestReplyCommand(handle: handles.peripheral, longTermKey: key))
        }
        _ = try await expectEncryptionChange(central)
        _ = try await expectEncryptionChange(peripheral)
        for (host, handle) in [(central, handles.central), (peripheral, handles.peripheral)] {
            let refresh = try await host.expect { event in
                if case .encryptionKeyRefreshComplete(let e) = event { return e }
                return nil
            }
            #expect(refresh.status == .success && refresh.handle == handle)
        }
    }

    @Test("Only the central may start encryption, one procedure at a time; a reply needs a pending request")
    func encryptionRules() async throws {
        let (central, peripheral, handles) = try await connectedPair()
        #expect(try await startEncryption(peripheral, handles.peripheral) == .commandDisallowed)
        #expect(
            try await peripheral.status(
                of: LELongTermKeyRequestReplyCommand(handle: handles.peripheral, longTermKey: key))
                == .commandDisallowed)
        #expect(try await startEncryption(central, handles.central) == .success)
        #expect(try await startEncryption(central, handles.central) == .commandDisallowed)
    }
}
