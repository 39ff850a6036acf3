import CoreBluetooth
import Foundation
import Host
import HostTestSupport
import Testing

@Suite("A hostile peripheral's Security Manager against a CBCentralManager", .timeLimit(.minutes(2)))
struct HostilePeripheralSMPTests {
    static let secret = BluetoothUUID(uuid16: 0xFFA9)
    static let secretValue: [UInt8] = [0x42]
    static let secureService = ServiceDefinition(
        uuid: BluetoothUUID(uuid16: 0xFFA8),
        characteristics: [
            CharacteristicDefinition(
                uuid: secret, properties: .read, permissions: .readEncryptionRequired, value: .static(secretValue))
        ])

    /// A lie in the peer's pairing.
    enum Lie: String, CaseIterable, Sendable {
        case badConfirm = "a Pairing Confirm that does not match its Pairing Random"
        case publicKeyOffCurve = "a public key that is not a point on P-256"
        case keySizeZero = "a Pairing Response offering a maximum key size of 0"
        case keySizeSeventeen = "a Pairing Response offering a maximum key size of 17"
        case reservedIOCapability = "a Pairing Response with IO capability 0x07, which SMP reserves"
        case randomForResponse = "a Pairing Random in place of the Pairing Response (feature exchange)"
        case confirmForPublicKey = "a Pairing Confirm in place of the public key (public key exchange)"
        case randomForConfirm = "a Pairing Random in place of the Pairing Confirm (authentication stage 1)"
        case publicKeyForDHKeyCheck = "a second public key in place of the DHKey Check (authentication stage 2)"

        /// Rewrites the peer's SMP PDU, or nil to send it as it is.
        func tell(_ pdu: [UInt8]) -> [UInt8]? {
            switch (self, pdu.first) {
            case (.badConfirm, 0x03): Array(pdu.dropLast()) + [pdu[pdu.count - 1] ^ 0xFF]
            case (.publicKeyOffCurve, 0x0C):
                [0x0C, 0x01] + [UInt8](repeating: 0, count: 31) + [0x01] + [UInt8](repeating: 0, count: 31)
            case (.keySizeZero, 0x02): Array(pdu[..<4]) + [0] + pdu[5...]
            case (.keySizeSeventeen, 0x02): Array(pdu[..<4]) + [17] + pdu[5...]
            case (.reservedIOCapability, 0x02): [0x02, 0x07] + pdu[2...]
            case (.randomForResponse, 0x02), (.randomForConfirm, 0x03): [0x04] + [UInt8](repeating: 0x11, count: 16)
            case (.confirmForPublicKey, 0x0C): [0x03] + [UInt8](repeating: 0x22, count: 16)
            case (.publicKeyForDHKeyCheck, 0x0D): [0x0C] + [UInt8](repeating: 0x33, count: 64)
            default: nil
            }
        }
    }

    @Test(
        "the read that needs encryption fails with Apple's ATT error, the link stays up, plain reads work and an honest pairing succeeds on the same link",
        arguments: Lie.allCases)
    func lyingPairing(_ lie: Lie) async throws {
        try await RigSlots.withSlot {
            var rig = try await VanishRig.start(connect: true, extraServices: [Self.secureService])
            let peripheral = rig.peripheral
            rig.onQueue { peripheral.discoverServices([CBUUID(string: "FFA8")]) }
            try await rig.events.next { event -> Void? in
                if case .servicesDiscovered(nil) = event { return () }
                return nil
            }
            let service = try #require(
                rig.recorder.queue.sync { peripheral.services?.first { $0.uuid == CBUUID(string: "FFA8") } })
            rig.onQueue { peripheral.discoverCharacteristics(nil, for: service) }
            try await rig.events.next { event -> Void? in
                if case .characteristicsDiscovered(_, nil) = event { return () }
                return nil
            }
            let secret = try rig.characteristic(Self.secret, in: service)
            rig.tampering.tamper { channel, payload in channel == 0x0006 ? lie.tell(payload) : nil }
            rig.onQueue { peripheral.readValue(for: secret) }
            let failed = try await rig.events.next { event -> ErrorSummary?? in
                guard case .valueUpdated(_, _, let error) = event else { return nil }
                return .some(error)
            }
            // The pairing the read started failed, so the read fails with the server's own refusal, as on iOS.
            #expect(
                failed == ErrorSummary(domain: CBATTErrorDomain, code: CBATTError.Code.insufficientEncryption.rawValue))
            #expect(rig.onQueueState() == .connected)
            rig.tampering.tamper(with: nil)
            rig.onQueue { peripheral.readValue(for: secret) }
            let honest = try await rig.events.next { event -> Data?? in
                guard case .valueUpdated(_, let value, let error) = event else { return nil }
                #expect(error == nil)
                return .some(value)
            }
            #expect(honest == Data(Self.secretValue))
            try await rig.finish()
        }
    }
}
