import HCI

@testable import Host

/// A deterministic randomness source: a fixed key pair, scripted 128-bit values first, then SplitMix64.
struct ScriptedRandomness: PairingRandomness {
    var keyPair: P256KeyPair
    var values: [UInt128]
    var seed: UInt64

    init(keyPair: P256KeyPair, values: [UInt128] = [], seed: UInt64 = 1) {
        self.keyPair = keyPair
        self.values = values
        self.seed = seed
    }

    mutating func next() -> UInt64 {
        seed &+= 0x9E37_79B9_7F4A_7C15
        var z = seed
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    mutating func next128() -> UInt128 {
        guard values.isEmpty else { return values.removeFirst() }
        return UInt128(next()) << 64 | UInt128(next())
    }

    mutating func makeKeyPair() -> P256KeyPair {
        keyPair
    }
}

/// Fixed keys and addresses for pairing tests: the spec's sample key pairs and addresses.
enum PairingFixtures {
    static let keyPairA: P256KeyPair = sampleKeyPair(SMPSampleData.privateKeyA)
    static let keyPairB: P256KeyPair = sampleKeyPair(SMPSampleData.privateKeyB)
    static let initiatorIdentity = LocalIdentity(
        identityResolvingKey: 0x0102_0304_0506_0708_090A_0B0C_0D0E_0F10,
        address: IdentityAddress(type: .public, address: SMPSampleData.a1.address))
    static let responderIdentity = LocalIdentity(
        identityResolvingKey: 0xA1A2_A3A4_A5A6_A7A8_A9AA_ABAC_ADAE_AFB0,
        address: IdentityAddress(type: .random, address: BluetoothAddress(rawValue: 0xC1_2233_4455_66)))

    private static func sampleKeyPair(_ privateKey: [UInt8]) -> P256KeyPair {
        do {
            return try P256KeyPair(privateKey: privateKey)
        } catch {
            preconditionFailure("the spec's sample private key was rejected: \(error)")
        }
    }
}

/// Two pairing sessions joined in memory: PDUs go across as encoded bytes, the initiator's encryption request is
/// answered with the responder's LTK lookup, and scripted users answer the prompts.
struct PairingHarness {
    enum Side: Hashable, Sendable {
        case initiator, responder

        var other: Side { self == .initiator ? .responder : .initiator }
    }

    enum Event {
        case pdu(to: Side, bytes: [UInt8])
        case encryption(Side, enabled: Bool)
        case passkey(Side)
        case compare(Side)
    }

    var initiator: PairingSession
    var responder: PairingSession
    /// What each user types when asked for a passkey; without an entry, the number the other device shows.
    var typedPasskey: [Side: UInt32] = [:]
    /// Whether each user accepts the number shown in Numeric Comparison.
    var acceptsNumber: [Side: Bool] = [:]
    /// Rewrites (or, returning nil, drops) each PDU a side sends before it reaches the other side.
    var tamper: (Side, SMPPDU) -> SMPPDU? = { _, pdu in pdu }
    /// The key size the controllers report when encryption starts.
    var reportedKeySize: UInt8?
    /// Whether the controllers manage to encrypt the link when both sides have the same key.
    var encryptionSucceeds = true

    private(set) var sent: [Side: [SMPPDU]] = [.initiator: [], .responder: []]
    private(set) var displayed: [Side: UInt32] = [:]
    private(set) var compared: [Side: UInt32] = [:]
    private(set) var results: [Side: PairingResult] = [:]
    private(set) var failures: [Side: PairingFailureRecord] = [:]
    private(set) var timedOut: Set<Side> = []
    private(set) var timerRunning: [Side: Bool] = [:]
    private(set) var encryptionKeys: [Side: UInt128] = [:]
    private(set) var encrypted: Set<Side> = []
    private(set) var keysSentBeforeEncryption = false
    private(set) var actions: [Side: [PairingSession.Action]] = [.initiator: [], .responder: []]
    private var queue: [Event] = []

    init(
        initiator: PairingConfiguration,
        responder: PairingConfiguration,
        initiatorRandomness: ScriptedRandomness = ScriptedRandomness(keyPair: PairingFixtures.keyPairA, seed: 11),
        responderRandomness: ScriptedRandomness = ScriptedRandomness(keyPair: PairingFixtures.keyPairB, seed: 22),
        initiatorAddress: SMPAddress = SMPSampleData.a1,
        responderAddress: SMPAddress = SMPSampleData.a2
    ) {
        self.initiator = PairingSession(
            role: .initiator, localAddress: initiatorAddress, peerAddress: responderAddress,
            configuration: initiator, randomness: initiatorRandomness)
        self.responder = PairingSession(
            role: .responder, localAddress: responderAddress, peerAddress: initiatorAddress,
            configuration: responder, randomness: responderRandomness)
    }

    /// The initiator starts pairing; runs until neither side has anything left to do.
    mutating func start() {
        act(.initiator) { $0.start() }
    }

    /// The responder sends a Security Request; runs until neither side has anything left to do.
    mutating func requestSecurity() {
        act(.responder) { $0.requestSecurity() }
    }

    /// Gives one side an input and runs until neither side has anything left to do.
    mutating func act(_ side: Side, _ input: (inout PairingSession) -> [PairingSession.Action]) {
        apply(side, withSession(side, input))
        drain()
    }

    /// The sessions' final states.
    var states: [Side: PairingSession.State] { [.initiator: initiator.state, .responder: responder.state] }

    func session(_ side: Side) -> PairingSession {
        side == .initiator ? initiator : responder
    }

    private mutating func withSession(
        _ side: Side, _ body: (inout PairingSession) -> [PairingSession.Action]
    ) -> [PairingSession.Action] {
        switch side {
        case .initiator: body(&initiator)
        case .responder: body(&responder)
        }
    }

    private mutating func apply(_ side: Side, _ newActions: [PairingSession.Action]) {
        actions[side, default: []] += newActions
        for action in newActions {
            switch action {
            case .send(let pdu):
                sent[side, default: []].append(pdu)
                if Self.isKeyDistribution(pdu), !encrypted.contains(side) { keysSentBeforeEncryption = true }
                if let delivered = tamper(side, pdu) { queue.append(.pdu(to: side.other, bytes: delivered.encoded)) }
            case .startEncryption(let ltk, let ediv, let rand):
                encryptionKeys[side] = ltk
                let peerKey = session(side.other).longTermKey(forEDIV: ediv, rand: rand)
                encryptionKeys[side.other] = peerKey
                let enabled = encryptionSucceeds && peerKey == ltk
                queue.append(.encryption(side, enabled: enabled))
                queue.append(.encryption(side.other, enabled: enabled))
            case .displayPasskey(let passkey):
                displayed[side] = passkey
            case .requestPasskey:
                queue.append(.passkey(side))
            case .confirmNumber(let number):
                compared[side] = number
                queue.append(.compare(side))
            case .armTimeout:
                timerRunning[side] = true
            case .cancelTimeout:
                timerRunning[side] = false
            case .completed(let result):
                results[side] = result
            case .failed(let reason, let sent):
                failures[side] = PairingFailureRecord(reason: reason, sent: sent)
            case .timedOut:
                timedOut.insert(side)
            }
        }
    }

    private mutating func drain() {
        var steps = 0
        while !queue.isEmpty, steps < 10_000 {
            steps += 1
            let event = queue.removeFirst()
            switch event {
            case .pdu(let side, let bytes):
                apply(side, withSession(side) { $0.received(bytes: bytes) })
            case .encryption(let side, let enabled):
                if enabled { encrypted.insert(side) }
                let keySize = reportedKeySize
                apply(side, withSession(side) { $0.encryptionChanged(enabled: enabled, keySize: keySize) })
            case .passkey(let side):
                if let passkey = typedPasskey[side] ?? displayed[side.other] {
                    apply(side, withSession(side) { $0.enterPasskey(passkey) })
                } else if queue.contains(where: { if case .passkey = $0 { false } else { true } }) {
                    queue.append(event)
                }
            case .compare(let side):
                let accepted = acceptsNumber[side] ?? true
                apply(side, withSession(side) { $0.confirmNumericComparison(accepted) })
            }
        }
    }

    private static func isKeyDistribution(_ pdu: SMPPDU) -> Bool {
        switch pdu {
        case .encryptionInformation, .centralIdentification, .identityInformation, .identityAddressInformation,
            .signingInformation:
            true
        default:
            false
        }
    }
}

/// How a side's pairing failed: the reason and whether it sent the Pairing Failed PDU.
struct PairingFailureRecord: Hashable {
    var reason: SMPErrorCode
    var sent: Bool
}
