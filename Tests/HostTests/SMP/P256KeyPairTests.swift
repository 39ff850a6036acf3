import Testing

@testable import Host

private typealias Sample = SMPSampleData

@Suite("P-256 keys for LE Secure Connections", .timeLimit(.minutes(2)))
struct P256KeyPairTests {
    @Test("the debug private key gives the spec's debug public key")
    func debugPublicKey() {
        let debug = P256KeyPair.debug
        #expect(debug.publicKey.x == Sample.publicKeyAX)
        #expect(debug.publicKey.y == Sample.publicKeyAY)
        #expect(debug.publicKey.isDebugKey)
    }

    @Test("both sample key pairs compute the spec's DHKey")
    func sampleDHKey() throws {
        let a = try P256KeyPair(privateKey: Sample.privateKeyA)
        let b = try P256KeyPair(privateKey: Sample.privateKeyB)
        #expect(b.publicKey.x == Sample.publicKeyBX)
        #expect(b.publicKey.y == Sample.publicKeyBY)
        let publicB = try P256PublicKey(x: Sample.publicKeyBX, y: Sample.publicKeyBY)
        #expect(try a.dhKey(with: publicB) == Sample.dhKey)
        #expect(try b.dhKey(with: a.publicKey) == Sample.dhKey)
    }

    @Test("two generated key pairs agree on a DHKey and are not the debug key")
    func generatedKeys() throws {
        let a = P256KeyPair()
        let b = P256KeyPair()
        #expect(a.publicKey != b.publicKey)
        #expect(!a.publicKey.isDebugKey)
        let shared = try a.dhKey(with: b.publicKey)
        #expect(shared.count == 32)
        #expect(try b.dhKey(with: a.publicKey) == shared)
    }

    @Test("the Pairing Public Key PDU carries each coordinate least significant octet first")
    func wireOrder() throws {
        let wireX = Array(Sample.publicKeyAX.reversed())
        let wireY = Array(Sample.publicKeyAY.reversed())
        let key = try P256PublicKey(wireX: wireX, wireY: wireY)
        #expect(key == P256KeyPair.debug.publicKey)
        #expect(key.wireX == wireX)
        #expect(key.wireY == wireY)
        #expect(wireX.first == 0xE6)
    }

    @Test("a public key whose point is off the curve is rejected")
    func offCurve() {
        var y = Sample.publicKeyAY
        y[31] ^= 0x01
        #expect(throws: SMPCryptoError.invalidPublicKey) { try P256PublicKey(x: Sample.publicKeyAX, y: y) }
    }

    @Test("a public key given in the wrong byte order is rejected")
    func wrongByteOrder() {
        #expect(throws: SMPCryptoError.invalidPublicKey) {
            try P256PublicKey(wireX: Sample.publicKeyAX, wireY: Sample.publicKeyAY)
        }
    }

    @Test(
        "malformed public keys are rejected",
        arguments: [
            ([UInt8](repeating: 0, count: 32), [UInt8](repeating: 0, count: 32)),
            ([UInt8](repeating: 0xFF, count: 32), [UInt8](repeating: 0xFF, count: 32)),
            (Array(Sample.publicKeyAX.dropLast()), Sample.publicKeyAY),
            (Sample.publicKeyAX, Sample.publicKeyAY + [0]),
            ([], []),
        ]
    )
    func malformedPublicKey(x: [UInt8], y: [UInt8]) {
        #expect(throws: SMPCryptoError.invalidPublicKey) { try P256PublicKey(x: x, y: y) }
    }

    @Test(
        "private keys outside 1 to n - 1 or of the wrong length are rejected",
        arguments: [
            [UInt8](repeating: 0, count: 32),
            [UInt8](repeating: 0xFF, count: 32),
            Sample.octets("ffffffff 00000000 ffffffff ffffffff bce6faad a7179e84 f3b9cac2 fc632551"),
            Array(Sample.privateKeyA.dropFirst()),
        ]
    )
    func invalidPrivateKey(privateKey: [UInt8]) {
        #expect(throws: SMPCryptoError.invalidPrivateKey) { try P256KeyPair(privateKey: privateKey) }
    }
}
