import HCI
import Host

extension FuzzTarget {
    /// The pairing state machine as initiator, fed the responder's PDUs and the link and user events a script
    /// interleaves.
    static let pairingInitiator = FuzzTarget(name: "pairing-initiator") { bytes in
        runPairing(role: .initiator, bytes)
    }

    /// The pairing state machine as responder, fed the initiator's PDUs and the link and user events a script
    /// interleaves.
    static let pairingResponder = FuzzTarget(name: "pairing-responder") { bytes in
        runPairing(role: .responder, bytes)
    }

    /// The input's first two bytes choose the local configuration; then each step is an operation byte and its
    /// operands: a received PDU, an encryption change, a passkey entry, a comparison answer or a timeout.
    private static func runPairing(role: PairingSession.Role, _ bytes: [UInt8]) {
        var input = FuzzInput(bytes)
        let options = input.byte()
        let capabilities: [IOCapability] = [
            .displayOnly, .displayYesNo, .keyboardOnly, .noInputNoOutput, .keyboardDisplay,
        ]
        let configuration = PairingConfiguration(
            ioCapability: capabilities[Int(options & 0x07) % capabilities.count],
            bondable: options & 0x08 != 0, requiresMITM: options & 0x10 != 0,
            supportsSecureConnections: options & 0x20 != 0, requiresSecureConnections: options & 0x40 != 0,
            minimumEncryptionKeySize: 7 + input.byte() % 10)
        let local = SMPAddress(type: .public, address: BluetoothAddress(rawValue: 0xC0_1234_5678_9A))
        let peer = SMPAddress(type: .random, address: BluetoothAddress(rawValue: 0xD0_AABB_CCDD_EE))
        var session = PairingSession(
            role: role, localAddress: local, peerAddress: peer, configuration: configuration,
            randomness: ScriptedPairingRandomness(seed: UInt64(options)))
        if options & 0x80 != 0 { _ = role == .initiator ? session.start() : session.requestSecurity() }
        while !input.isAtEnd, !session.isFinished {
            switch input.byte() % 8 {
            case 4: _ = session.encryptionChanged(enabled: input.byte() & 1 != 0, keySize: input.byte())
            case 5:
                let digits = input.bytes(3).reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
                _ = session.enterPasskey(digits)
            case 6: _ = session.confirmNumericComparison(input.byte() & 1 != 0)
            case 7: _ = input.byte() & 1 == 0 ? session.timedOut() : session.cancelPasskeyEntry()
            default: _ = session.received(bytes: input.frame())
            }
        }
    }
}

/// Deterministic randomness for the fuzzer, so an input replays the same way: a splitmix64 sequence and one key
/// pair made when the fuzzer starts.
struct ScriptedPairingRandomness: PairingRandomness {
    private static let keyPair = P256KeyPair()
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }

    mutating func makeKeyPair() -> P256KeyPair {
        Self.keyPair
    }
}
