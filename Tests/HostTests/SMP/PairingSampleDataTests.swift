import HCI
import Testing

@testable import Host

private typealias Sample = SMPSampleData

@Suite("Pairing sessions reproduce the specification's sample data", .timeLimit(.minutes(2)))
struct PairingSampleDataTests {
    @Test("Secure Connections Just Works with the sample keys, nonces and addresses derives the f5 sample LTK")
    func secureConnectionsLTK() throws {
        let configuration = PairingConfiguration(bondable: false)
        var harness = PairingHarness(
            initiator: configuration,
            responder: configuration,
            initiatorRandomness: ScriptedRandomness(keyPair: PairingFixtures.keyPairA, values: [Sample.n1]),
            responderRandomness: ScriptedRandomness(keyPair: PairingFixtures.keyPairB, values: [Sample.n2]),
            initiatorAddress: Sample.a1,
            responderAddress: Sample.a2)
        harness.start()
        let expected: UInt128 = 0x69867911_69D7CD23_980522B5_94750A38
        #expect(harness.encryptionKeys == [.initiator: expected, .responder: expected])
        #expect(harness.results[.initiator]?.secureConnectionsLongTermKey == LongTermKey(value: expected))
        #expect(harness.results[.responder]?.secureConnectionsLongTermKey == LongTermKey(value: expected))
    }

    @Test("legacy Just Works sends the c1 sample's Pairing Request, Response and Mconfirm (Vol 3, Part H, 2.2.3)")
    func legacyConfirm() throws {
        var initiator = PairingConfiguration(
            ioCapability: .displayYesNo, bondable: false, supportsSecureConnections: false,
            identity: PairingFixtures.initiatorIdentity)
        initiator.keysToDistribute = [.encKey, .idKey, .signKey]
        initiator.keysToRequest = [.encKey, .idKey, .signKey]
        var responder = PairingConfiguration(
            ioCapability: .noInputNoOutput, bondable: false, supportsSecureConnections: false,
            maximumEncryptionKeySize: 8)
        responder.keysToDistribute = [.encKey, .signKey]
        responder.keysToRequest = []
        var harness = PairingHarness(
            initiator: initiator,
            responder: responder,
            initiatorRandomness: ScriptedRandomness(
                keyPair: PairingFixtures.keyPairA, values: [0x5783D521_56AD6F0E_6388274E_C6702EE0]),
            initiatorAddress: SMPAddress(type: .random, address: BluetoothAddress(rawValue: 0xA1A2_A3A4_A5A6)),
            responderAddress: SMPAddress(type: .public, address: BluetoothAddress(rawValue: 0xB1B2_B3B4_B5B6)))
        harness.start()

        let initiatorSent = try #require(harness.sent[.initiator])
        let responderSent = try #require(harness.sent[.responder])
        try #require(initiatorSent.count >= 2 && !responderSent.isEmpty)
        #expect(initiatorSent[0].encoded == [0x01, 0x01, 0x00, 0x00, 0x10, 0x07, 0x07])
        #expect(responderSent[0].encoded == [0x02, 0x03, 0x00, 0x00, 0x08, 0x00, 0x05])
        #expect(
            initiatorSent[1] == .pairingConfirm(PairingConfirm(confirmValue: 0x1E1E3FEF_878988EA_D2A74DC5_BEF13B86)))

        let result = try #require(harness.results[.initiator])
        #expect(result.encryptionKeySize == 8)
        #expect(result.peerKeys.longTermKey != nil)
        #expect(result.peerKeys.signatureKey != nil)
        #expect(result.peerKeys.identityResolvingKey == nil)
        #expect(result.localKeys.isEmpty)
        #expect(!result.isBonded)
    }

    @Test("legacy Just Works with the s1 sample's random values encrypts with the sample STK (Vol 3, Part H, 2.2.4)")
    func legacySTK() {
        let configuration = PairingConfiguration(bondable: false, supportsSecureConnections: false)
        var harness = PairingHarness(
            initiator: configuration,
            responder: configuration,
            initiatorRandomness: ScriptedRandomness(
                keyPair: PairingFixtures.keyPairA, values: [0x01020304_05060708_99AABBCC_DDEEFF00]),
            responderRandomness: ScriptedRandomness(
                keyPair: PairingFixtures.keyPairB, values: [0x000F0E0D_0C0B0A09_11223344_55667788]))
        harness.start()
        let expected: UInt128 = 0x9A1FE1F0_E8B0F49B_5B4216AE_796DA062
        #expect(harness.encryptionKeys == [.initiator: expected, .responder: expected])
        #expect(harness.states == [.initiator: .completed, .responder: .completed])
    }
}
