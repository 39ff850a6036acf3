import Testing

@testable import CoreBluetooth

@Suite("CBPeer and CBCentral", .timeLimit(.minutes(2)))
struct CBPeerTests {
    @Test("a peer keeps its identifier, hashes by it and copies to itself")
    func identity() throws {
        let identifier = try #require(UUID(uuidString: "6E2F4B0A-9C4D-4D5B-8E35-1B7C2C1F0A11"))
        let peer = CBCentral(identifier: identifier)
        #expect(peer.identifier == identifier)
        #expect(peer.hash == identifier.hashValue)
        #expect(peer.copy() as AnyObject === peer)
    }

    @Test("peers with the same identifier are distinct objects, as Apple's equality is identity")
    func equalityIsIdentity() {
        let identifier = UUID()
        #expect(CBCentral(identifier: identifier) != CBCentral(identifier: identifier))
    }

    @Test(
        "maximumUpdateValueLength is the ATT MTU less 3, at most 512",
        arguments: [
            (23, 20), (185, 182), (247, 244), (515, 512), (517, 512),
        ])
    func maximumUpdateValueLength(mtu: Int, expected: Int) {
        let central = CBCentral(identifier: UUID())
        central.mtu = mtu
        #expect(central.maximumUpdateValueLength == expected)
    }

    @Test("a new central has the default MTU, so updates carry 20 bytes")
    func defaultLength() {
        #expect(CBCentral(identifier: UUID()).maximumUpdateValueLength == 20)
    }

    @Test("a central describes itself as Apple's does")
    func description() throws {
        let identifier = try #require(UUID(uuidString: "6E2F4B0A-9C4D-4D5B-8E35-1B7C2C1F0A11"))
        let central = CBCentral(identifier: identifier)
        #expect(central.description.hasPrefix("<CBCentral: 0x"))
        #expect(central.description.hasSuffix(" identifier = 6E2F4B0A-9C4D-4D5B-8E35-1B7C2C1F0A11, MTU = 20>"))
    }
}
