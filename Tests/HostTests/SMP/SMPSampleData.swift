import HCI

@testable import Host

/// Sample data of the Security Manager's functions, most significant octet first as the spec prints it.
///
/// Bluetooth Core Specification Vol 3, Part H, 2.2, 2.3.5.6.1 and Appendix D.
enum SMPSampleData {
    /// Parses hex written most significant octet first, as the spec's sample data is, ignoring spaces.
    static func octets(_ hex: String) -> [UInt8] {
        let digits = Array(hex.filter { !$0.isWhitespace })
        return stride(from: 0, to: digits.count, by: 2).map { UInt8(String(digits[$0...$0 + 1]), radix: 16) ?? 0 }
    }

    static let privateKeyA = octets("3f49f6d4 a3c55f38 74c9b3e3 d2103f50 4aff607b eb40b799 5899b8a6 cd3c1abd")
    static let publicKeyAX = octets("20b003d2 f297be2c 5e2c83a7 e9f9a5b9 eff49111 acf4fddb cc030148 0e359de6")
    static let publicKeyAY = octets("dc809c49 652aeb6d 63329abf 5a52155c 766345c2 8fed3024 741c8ed0 1589d28b")
    static let privateKeyB = octets("55188b3d 32f6bb9a 900afcfb eed4e72a 59cb9ac2 f19d7cfb 6b4fdd49 f47fc5fd")
    static let publicKeyBX = octets("1ea1f0f0 1faf1d96 09592284 f19e4c00 47b58afd 8615a69f 559077b2 2faaa190")
    static let publicKeyBY = octets("4c55f33e 429dad37 7356703a 9ab85160 472d1130 e28e3676 5f89aff9 15b1214a")
    static let dhKey = octets("ec0234a3 57c8ad05 341010a6 0a397d9b 99796b13 b4f866f1 868d34f3 73bfa698")
    static let n1: UInt128 = 0xD5CB8454_D177733E_FFFFB2EC_712BAEAB
    static let n2: UInt128 = 0xA6E8E7CC_25A75F6E_216583F7_FF3DC4CF
    static let a1 = SMPAddress(type: .public, address: BluetoothAddress(rawValue: 0x56_1237_37BF_CE))
    static let a2 = SMPAddress(type: .public, address: BluetoothAddress(rawValue: 0xA7_1370_2DCF_C1))
    static let macKey: UInt128 = 0x2965F176_A1084A02_FD3F6A20_CE636E20
    static let key128: UInt128 = 0xEC0234A3_57C8AD05_341010A6_0A397D9B
}
