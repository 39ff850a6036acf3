import HCI
import Testing

@testable import Host

private typealias Sample = SMPSampleData

@Suite("Security Manager cryptographic toolbox", .timeLimit(.minutes(2)))
struct CryptoToolboxTests {
    @Test("e is AES-128 (FIPS 197, Appendix C.1)")
    func aes128() {
        let key: UInt128 = 0x00010203_04050607_08090A0B_0C0D0E0F
        let plaintext: UInt128 = 0x00112233_44556677_8899AABB_CCDDEEFF
        #expect(CryptoToolbox.e(key: key, plaintext: plaintext) == 0x69C4E0D8_6A7B0430_D8CDB780_70B4C55A)
    }

    @Test(
        "AES-CMAC matches RFC 4493's examples",
        arguments: [
            ("", "bb1d6929 e9593728 7fa37d12 9b756746"),
            ("6bc1bee2 2e409f96 e93d7e11 7393172a", "070a16b4 6b4d4144 f79bdd9d d04a287c"),
            (
                "6bc1bee2 2e409f96 e93d7e11 7393172a ae2d8a57 1e03ac9c 9eb76fac 45af8e51 30c81c46 a35ce411",
                "dfa66747 de9ae630 30ca3261 1497c827"
            ),
            (
                "6bc1bee2 2e409f96 e93d7e11 7393172a ae2d8a57 1e03ac9c 9eb76fac 45af8e51"
                    + " 30c81c46 a35ce411 e5fbc119 1a0a52ef f69f2445 df4f9b17 ad2b417b e66c3710",
                "51f0bebf 7e3b9d92 fc497417 79363cfe"
            ),
        ]
    )
    func aesCMAC(message: String, expected: String) {
        let key: UInt128 = 0x2B7E1516_28AED2A6_ABF71588_09CF4F3C
        let mac = CryptoToolbox.aesCMAC(key: key, message: Sample.octets(message))
        #expect(mac == UInt128(bigEndianBytes: Sample.octets(expected)))
    }

    @Test("ah hashes prand with the IRK (Appendix D)")
    func ah() {
        #expect(CryptoToolbox.ah(k: Sample.key128, r: 0x708194) == 0x0DFBAA)
    }

    @Test("ah uses only the low 24 bits of prand")
    func ahIgnoresHighBits() {
        #expect(CryptoToolbox.ah(k: Sample.key128, r: 0xFF70_8194) == 0x0DFBAA)
    }

    @Test("c1 gives the legacy confirm value from the PDUs as sent (Vol 3, Part H, 2.2.3 sample)")
    func c1() {
        let confirm = CryptoToolbox.c1(
            k: 0,
            r: 0x5783D521_56AD6F0E_6388274E_C6702EE0,
            preq: [0x01, 0x01, 0x00, 0x00, 0x10, 0x07, 0x07],
            pres: [0x02, 0x03, 0x00, 0x00, 0x08, 0x00, 0x05],
            initiator: SMPAddress(type: .random, address: BluetoothAddress(rawValue: 0xA1A2_A3A4_A5A6)),
            responder: SMPAddress(type: .public, address: BluetoothAddress(rawValue: 0xB1B2_B3B4_B5B6))
        )
        #expect(confirm == 0x1E1E3FEF_878988EA_D2A74DC5_BEF13B86)
    }

    @Test("s1 gives the legacy STK (Vol 3, Part H, 2.2.4 sample)")
    func s1() {
        let stk = CryptoToolbox.s1(
            k: 0,
            r1: 0x000F0E0D_0C0B0A09_11223344_55667788,
            r2: 0x01020304_05060708_99AABBCC_DDEEFF00
        )
        #expect(stk == 0x9A1FE1F0_E8B0F49B_5B4216AE_796DA062)
    }

    @Test("f4 gives the Secure Connections confirm value (Appendix D)")
    func f4() {
        let confirm = CryptoToolbox.f4(u: Sample.publicKeyAX, v: Sample.privateKeyB, x: Sample.n1, z: 0)
        #expect(confirm == 0xF2C916F1_07A9BD1C_F1EDA1BE_A974872D)
    }

    @Test("f5 derives the MacKey and the LTK (Appendix D)")
    func f5() {
        let keys = CryptoToolbox.f5(w: Sample.dhKey, n1: Sample.n1, n2: Sample.n2, a1: Sample.a1, a2: Sample.a2)
        #expect(keys.macKey == Sample.macKey)
        #expect(keys.ltk == 0x69867911_69D7CD23_980522B5_94750A38)
    }

    @Test("f6 gives the DHKey check value (Appendix D)")
    func f6() {
        let check = CryptoToolbox.f6(
            w: Sample.macKey,
            n1: Sample.n1,
            n2: Sample.n2,
            r: 0x12A3343B_B453BB54_08DA42D2_0C2D0FC8,
            ioCap: .init(authReq: 0x01, oobDataFlag: 0x01, ioCapability: 0x02),
            a1: Sample.a1,
            a2: Sample.a2
        )
        #expect(check == 0xE3C47398_9CD0E8C5_D26C0B09_DA958F61)
    }

    @Test("g2 gives the six-digit numeric comparison value (Appendix D)")
    func g2() {
        let value = CryptoToolbox.g2(u: Sample.publicKeyAX, v: Sample.privateKeyB, x: Sample.n1, y: Sample.n2)
        #expect(value == 0x2F9E_D5BA % 1_000_000)
        #expect(value == 938_554)
    }

    @Test("h6 derives a key from a key ID (Appendix D)")
    func h6() {
        #expect(CryptoToolbox.h6(w: Sample.key128, keyID: 0x6C65_6272) == 0x2D9AE102_E76DC91C_E8D3A9E2_80B16399)
    }

    @Test("h7 derives a key under a salt (Appendix D)")
    func h7() {
        let salt: UInt128 = 0x00000000_00000000_00000000_746D7031
        #expect(CryptoToolbox.h7(salt: salt, w: Sample.key128) == 0xFB173597_C6A3C0EC_D2998C2A_75A57011)
    }

    @Test(
        "h6 and h7 turn an LTK into a BR/EDR link key (Appendix D)",
        arguments: [
            (false, 0xBC1CA4EF_633FC1BD_0D8230AF_EE388FB0 as UInt128),
            (true, 0x287AD379_DCA40253_0A39F1F4_3047B835),
        ]
    )
    func ltkToLinkKey(ct2: Bool, expected: UInt128) {
        let ltk: UInt128 = 0x368DF9BC_E3264B58_BD066C33_334FBF64
        let tmp1: UInt32 = 0x746D_7031
        let ilk = ct2 ? CryptoToolbox.h7(salt: UInt128(tmp1), w: ltk) : CryptoToolbox.h6(w: ltk, keyID: tmp1)
        #expect(CryptoToolbox.h6(w: ilk, keyID: 0x6C65_6272) == expected)
    }

    @Test(
        "h6 and h7 turn a BR/EDR link key into an LTK (Appendix D)",
        arguments: [
            (false, 0xA813FB72_F1A3DFA1_8A2C9A43_F10D0A30 as UInt128),
            (true, 0xE85E09EB_5ECCB3E2_69418A13_3211BC79),
        ]
    )
    func linkKeyToLTK(ct2: Bool, expected: UInt128) {
        let linkKey: UInt128 = 0x05040302_01000908_07060504_03020100
        let tmp2: UInt32 = 0x746D_7032
        let iltk = ct2 ? CryptoToolbox.h7(salt: UInt128(tmp2), w: linkKey) : CryptoToolbox.h6(w: linkKey, keyID: tmp2)
        #expect(CryptoToolbox.h6(w: iltk, keyID: 0x6272_6C65) == expected)
    }

    @Test("128-bit values go into PDUs least significant octet first")
    func wireOrder() throws {
        var writer = ByteWriter()
        writer.write(Sample.macKey)
        #expect(writer.bytes == Sample.macKey.bigEndianBytes.reversed())
        var reader = ByteReader(writer.bytes)
        #expect(try reader.read(UInt128.self) == Sample.macKey)
    }
}
