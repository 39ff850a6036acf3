import HCI
import Host
import Testing
import VirtualRadio

/// The own-address policy docs/controllers.md writes down, on controllers with a public address and without.
@Suite("The host's own address: public, configured static random, or private", .timeLimit(.minutes(2)))
struct AddressPolicyTests {
    static let peripheralPublic = BluetoothAddress(rawValue: 0x5A1A_0000_0001)
    static let centralPublic = BluetoothAddress(rawValue: 0x5A1A_0000_0002)
    static let configured = BluetoothAddress(rawValue: 0xC0BE_0000_0001)

    @Test("with nothing asked, a controller's public address is the one advertised and connected from")
    func publicWhenTheControllerHasOne() async throws {
        let air = Air()
        let peripheral = try await BluetoothHost.start(
            transport: await air.makeController(configuration: .init(publicAddress: Self.peripheralPublic)))
        let central = try await BluetoothHost.start(
            transport: await air.makeController(configuration: .init(publicAddress: Self.centralPublic)))
        #expect(peripheral.controllerInfo.ownAddress == Self.peripheralPublic)
        #expect(peripheral.controllerInfo.ownAddressType == .public)
        try await peripheral.startAdvertising(AdvertisementContent(localName: "Public"))
        let link = try await central.connect(to: Self.peripheralPublic, type: .public, timeout: .seconds(10))
        #expect(link.peerAddress == Self.peripheralPublic && link.peerAddressType == .public)
        let seen = try #require(await peripheral.links.first)
        #expect(seen.peerAddress == Self.centralPublic && seen.peerAddressType == .public)
        await central.stop()
        await peripheral.stop()
    }

    @Test("a configured static random address is used even on controllers with a public address")
    func configuredStaticRandomWins() async throws {
        let air = Air()
        let centralAddress = BluetoothAddress(rawValue: 0xC0BE_0000_0002)
        let peripheral = try await BluetoothHost.start(
            transport: await air.makeController(configuration: .init(publicAddress: Self.peripheralPublic)),
            configuration: HostConfiguration(setup: .init(staticRandomAddress: Self.configured)))
        let central = try await BluetoothHost.start(
            transport: await air.makeController(configuration: .init(publicAddress: Self.centralPublic)),
            configuration: HostConfiguration(setup: .init(staticRandomAddress: centralAddress)))
        #expect(peripheral.controllerInfo.ownAddress == Self.configured)
        #expect(peripheral.controllerInfo.ownAddressType == .random)
        #expect(peripheral.controllerInfo.publicAddress == Self.peripheralPublic)
        try await peripheral.startAdvertising(AdvertisementContent(localName: "Configured"))
        let link = try await central.connect(to: Self.configured, type: .random, timeout: .seconds(10))
        #expect(link.peerAddress == Self.configured && link.peerAddressType == .random)
        let seen = try #require(await peripheral.links.first)
        #expect(seen.peerAddress == centralAddress && seen.peerAddressType == .random)
        await central.stop()
        await peripheral.stop()
    }

    @Test("with nothing asked, a controller without a public address gets a fresh static random address")
    func freshStaticRandomWithoutPublic() async throws {
        let air = Air()
        let host = try await BluetoothHost.start(transport: await air.makeController())
        #expect(host.controllerInfo.publicAddress == .zero)
        #expect(host.controllerInfo.ownAddressType == .random)
        #expect(host.controllerInfo.ownAddress.isStaticRandom)
        await host.stop()
    }

    @Test("with privacy, a central on a controller with a public address connects from a resolvable private address")
    func privacyConnectsFromAPrivateAddress() async throws {
        let air = Air()
        let irk: UInt128 = 0x0123_4567_89AB_CDEF_0123_4567_89AB_CDEF
        let peripheral = try await BluetoothHost.start(
            transport: await air.makeController(configuration: .init(publicAddress: Self.peripheralPublic)))
        let central = try await BluetoothHost.start(
            transport: await air.makeController(configuration: .init(publicAddress: Self.centralPublic)),
            configuration: HostConfiguration(privacy: PrivacyConfiguration(identityResolvingKey: irk)))
        try await peripheral.startAdvertising(AdvertisementContent(localName: "Public"))
        _ = try await central.connect(to: Self.peripheralPublic, type: .public, timeout: .seconds(10))
        let seen = try #require(await peripheral.links.first)
        #expect(seen.peerAddressType == .random)
        #expect(seen.peerAddress.isResolvable(with: irk), "\(seen.peerAddress)")
        #expect(await central.localIdentity?.address == IdentityAddress(type: .public, address: Self.centralPublic))
        await central.stop()
        await peripheral.stop()
    }
}
