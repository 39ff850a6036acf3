import Foundation
import HCI

/// The JSON form of a bond file: a version, the adapter's identity address, and one entry per bond.
///
/// Keys are lowercase hex, most significant digit first (as the spec prints them); addresses are written
/// `AA:BB:CC:DD:EE:FF` with a separate `"public"` or `"random"` type.
struct BondFile: Codable {
    /// The version this code writes and reads.
    static let currentVersion = 1

    var version: Int
    var adapter: String
    var bonds: [Entry]

    /// A Long Term Key with its EDIV and Rand.
    struct Key: Codable {
        var key: String
        var ediv: UInt16
        var rand: String
    }

    /// The keys this device distributed.
    struct LocalKeys: Codable {
        var ltk: Key?
        var irk: String?
        var identityAddress: String?
        var identityAddressType: String?
        var csrk: String?
    }

    /// One bond.
    struct Entry: Codable {
        var address: String
        var addressType: String
        var irk: String?
        var csrk: String?
        var ltk: Key?
        var keySize: UInt8
        var authenticated: Bool
        var secureConnections: Bool
        var local: LocalKeys
        var gattServer: String?
        var application: String?
        var signCounter: UInt32?
        var peerSignCounter: UInt32?
    }

    /// Why a file's contents are not bonds.
    struct Invalid: Error {
        var reason: String
    }

    /// The file's first field, read before the rest so that another version is reported as such.
    private struct VersionProbe: Decodable {
        var version: Int
    }

    /// Encodes the bonds of one adapter.
    static func encode(_ bonds: [Bond], adapter: BluetoothAddress) -> [UInt8] {
        let file = BondFile(
            version: currentVersion, adapter: adapter.description,
            bonds: bonds.sorted { $0.peerAddress.address < $1.peerAddress.address }.map(Entry.init))
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        do {
            return Array(try encoder.encode(file)) + [0x0A]
        } catch {
            preconditionFailure("a bond file of strings and numbers failed to encode: \(error)")
        }
    }

    /// Decodes the bonds of one adapter, keyed by peer address.
    static func decode(_ bytes: [UInt8], adapter: BluetoothAddress) throws(Invalid) -> [BluetoothAddress: Bond] {
        let data = Data(bytes)
        let file: BondFile
        do {
            let version = try JSONDecoder().decode(VersionProbe.self, from: data).version
            guard version == currentVersion else { throw Invalid(reason: "unsupported version \(version)") }
            file = try JSONDecoder().decode(BondFile.self, from: data)
        } catch let error as Invalid {
            throw error
        } catch {
            throw Invalid(reason: "not a bond file: \(error)")
        }
        guard BluetoothAddress(file.adapter) == adapter else {
            throw Invalid(reason: "the file belongs to adapter \(file.adapter)")
        }
        var bonds: [BluetoothAddress: Bond] = [:]
        for entry in file.bonds {
            let bond = try entry.bond()
            bonds[bond.peerAddress.address] = bond
        }
        return bonds
    }
}

extension BondFile.Entry {
    init(_ bond: Bond) {
        address = bond.peerAddress.address.description
        addressType = BondFile.name(of: bond.peerAddress.type)
        irk = bond.peerIdentityResolvingKey.map(BondFile.hex)
        csrk = bond.peerSignatureKey.map(BondFile.hex)
        ltk = bond.longTermKey.map(BondFile.Key.init)
        keySize = bond.encryptionKeySize
        authenticated = bond.isAuthenticated
        secureConnections = bond.isSecureConnections
        local = BondFile.LocalKeys(
            ltk: bond.localKeys.longTermKey.map(BondFile.Key.init),
            irk: bond.localKeys.identityResolvingKey.map(BondFile.hex),
            identityAddress: bond.localKeys.identityAddress?.address.description,
            identityAddressType: bond.localKeys.identityAddress.map { BondFile.name(of: $0.type) },
            csrk: bond.localKeys.signatureKey.map(BondFile.hex))
        gattServer = bond.clientConfiguration.map { BondFile.hex($0.encoded) }
        application = bond.applicationData.map(BondFile.hex)
        signCounter = bond.localSignCounter == 0 ? nil : bond.localSignCounter
        peerSignCounter = bond.peerSignCounter
    }

    func bond() throws(BondFile.Invalid) -> Bond {
        guard PairingFeatures.allowedEncryptionKeySizes.contains(keySize) else {
            throw BondFile.Invalid(reason: "key size \(keySize) for \(address)")
        }
        var localAddress: IdentityAddress?
        if let identityAddress = local.identityAddress {
            localAddress = try BondFile.identityAddress(identityAddress, type: local.identityAddressType ?? "")
        }
        var clientConfiguration: BondedClientConfiguration?
        if let gattServer {
            do {
                clientConfiguration = try BondedClientConfiguration(decoding: try BondFile.bytes(gattServer))
            } catch let error as BondFile.Invalid {
                throw error
            } catch {
                throw BondFile.Invalid(reason: "GATT server state of \(address): \(error)")
            }
        }
        var bond = Bond(
            peerAddress: try BondFile.identityAddress(address, type: addressType),
            peerIdentityResolvingKey: try irk.map(BondFile.key),
            peerSignatureKey: try csrk.map(BondFile.key),
            longTermKey: try ltk.map { key throws(BondFile.Invalid) in try key.longTermKey() },
            encryptionKeySize: keySize,
            isAuthenticated: authenticated,
            isSecureConnections: secureConnections,
            localKeys: DistributedKeys(
                longTermKey: try local.ltk.map { key throws(BondFile.Invalid) in try key.longTermKey() },
                identityResolvingKey: try local.irk.map(BondFile.key),
                identityAddress: localAddress,
                signatureKey: try local.csrk.map(BondFile.key)),
            clientConfiguration: clientConfiguration,
            applicationData: try application.map(BondFile.bytes))
        bond.localSignCounter = signCounter ?? 0
        bond.peerSignCounter = peerSignCounter
        return bond
    }
}

extension BondFile.Key {
    init(_ key: LongTermKey) {
        self.key = BondFile.hex(key.value)
        ediv = key.ediv
        rand = BondFile.hex(key.rand)
    }

    func longTermKey() throws(BondFile.Invalid) -> LongTermKey {
        guard rand.count == 16, let rand = UInt64(rand, radix: 16) else {
            throw BondFile.Invalid(reason: "Rand \(self.rand)")
        }
        return LongTermKey(value: try BondFile.key(key), ediv: ediv, rand: rand)
    }
}

extension BondFile {
    /// A 128-bit key as 32 lowercase hex digits.
    static func hex(_ value: UInt128) -> String {
        hex(value.bigEndianBytes)
    }

    /// A 64-bit value as 16 lowercase hex digits.
    static func hex(_ value: UInt64) -> String {
        hex((0..<8).map { UInt8(truncatingIfNeeded: value >> (8 * (7 - $0))) })
    }

    /// Bytes as lowercase hex, two digits each.
    static func hex(_ bytes: [UInt8]) -> String {
        let digits = Array("0123456789abcdef")
        return String(bytes.flatMap { [digits[Int($0 >> 4)], digits[Int($0 & 0x0F)]] })
    }

    /// Parses an even number of hex digits.
    static func bytes(_ text: String) throws(Invalid) -> [UInt8] {
        let digits = Array(text.utf8)
        guard digits.count.isMultiple(of: 2) else { throw Invalid(reason: "odd-length hex \(text)") }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(digits.count / 2)
        for index in stride(from: 0, to: digits.count, by: 2) {
            guard let high = hexValue(digits[index]), let low = hexValue(digits[index + 1]) else {
                throw Invalid(reason: "not hex: \(text)")
            }
            bytes.append(high << 4 | low)
        }
        return bytes
    }

    /// Parses a 128-bit key written as 32 hex digits.
    static func key(_ text: String) throws(Invalid) -> UInt128 {
        let bytes = try bytes(text)
        guard bytes.count == 16 else { throw Invalid(reason: "a key must have 32 hex digits: \(text)") }
        return UInt128(bigEndianBytes: bytes)
    }

    /// Parses an address and its type name.
    static func identityAddress(_ text: String, type: String) throws(Invalid) -> IdentityAddress {
        guard let address = BluetoothAddress(text) else { throw Invalid(reason: "address \(text)") }
        switch type {
        case "public": return IdentityAddress(type: .public, address: address)
        case "random": return IdentityAddress(type: .random, address: address)
        default: throw Invalid(reason: "address type \(type) of \(text)")
        }
    }

    /// The name an address type is written with.
    static func name(of type: AddressType) -> String {
        type.isRandom ? "random" : "public"
    }

    private static func hexValue(_ digit: UInt8) -> UInt8? {
        switch digit {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): digit - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): digit - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): digit - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
