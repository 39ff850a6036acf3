import Foundation
import HCI
@testable import Host
import HostTestSupport
import Testing
import VirtualRadio

@Suite("Host privacy on the virtual radio", .timeLimit(.minutes(2)))
struct PrivacyTests {
    @Test(
        "a bonded peripheral that rotates its resolvable private address keeps its identity and is re-encrypted without pairing"
    )
    func rotatedAddressStillBonded() async throws {
        let air = Air()
        let clock = ManualClock()
        let centralSMP = SMPCounter(wrapping: await air.makeController())
        let central = try await BluetoothHost.start(
            transport: centralSMP, configuration: HostConfiguration(deviceName: "Central"))
        let peripheralSMP = SMPCounter(wrapping: await air.makeController())
        let peripheral = try await BluetoothHost.start(
            transport: peripheralSMP,
            configuration: HostConfiguration(
                deviceName: "Private", services: GATTFixtures.services, clock: clock, privacy: PrivacyConfiguration()))
        let centralEvents = EventRecorder(central.events)
        let peripheralEvents = EventRecorder(peripheral.events)
        let identity = try #require(await peripheral.localIdentity)
        #expect(identity.address.address == peripheral.controllerInfo.ownAddress)
        let first = try #require(await peripheral.privateAddress)
        #expect(first.isResolvable(with: identity.identityResolvingKey))

        let link = try await Self.connect(central, centralEvents, peripheral, peripheralEvents) { $0 == first }
        #expect(link.central.peerAddress == first)
        #expect(link.central.identityAddress == nil)
        try await central.pair(link.central.handle)
        try await centralEvents.next { event -> Bool? in
            guard case .pairingCompleted(link.central.handle, true) = event else { return nil }
            return true
        }
        let bond = try #require(await central.bonds.first)
        #expect(bond.peerAddress == identity.address)
        #expect(bond.peerIdentityResolvingKey == identity.identityResolvingKey)
        #expect(await central.link(link.central.handle)?.identityAddress == identity.address)
        try await central.disconnect(link.central.handle)
        try await peripheralEvents.next { event -> Bool? in
            guard case .disconnected(link.peripheral.handle, _) = event else { return nil }
            return true
        }
        let centralPDUs = centralSMP.opcodes.count
        let peripheralPDUs = peripheralSMP.opcodes.count

        await clock.waitForSleepers(count: 1)
        clock.advance(by: PrivacyConfiguration().rotationInterval)
        let second = try await Self.connect(central, centralEvents, peripheral, peripheralEvents) { $0 != first }
        #expect(second.central.peerAddress.isResolvable(with: identity.identityResolvingKey))
        #expect(await peripheral.privateAddress == second.central.peerAddress)
        #expect(second.central.identityAddress == identity.address)
        #expect(await central.resolveIdentity(second.central.peerAddress) == identity.address)
        #expect(await central.security(of: second.central.handle) == .encrypted)
        try await peripheralEvents.next { event -> Bool? in
            guard case .encryptionChanged(second.peripheral.handle, .encrypted) = event else { return nil }
            return true
        }
        #expect(centralSMP.opcodes.count == centralPDUs)
        #expect(peripheralSMP.opcodes.count == peripheralPDUs)
        #expect(await central.bonds.count == 1)
        await central.stop()
        await peripheral.stop()
    }

    @Test(
        "a central with privacy pairs from a resolvable private address; the bonded peripheral knows it by its identity when it comes back from a new one"
    )
    func privateCentralRecognised() async throws {
        let air = Air()
        let central = try await BluetoothHost.start(
            transport: await air.makeController(),
            configuration: HostConfiguration(deviceName: "Central", privacy: PrivacyConfiguration()))
        let peripheral = try await BluetoothHost.start(
            transport: await air.makeController(),
            configuration: HostConfiguration(deviceName: "Peripheral", services: GATTFixtures.services))
        let centralEvents = EventRecorder(central.events)
        let peripheralEvents = EventRecorder(peripheral.events)
        let identity = try #require(await central.localIdentity)
        let first = try await Self.connect(central, centralEvents, peripheral, peripheralEvents) { _ in true }
        #expect(first.peripheral.peerAddress.isResolvable(with: identity.identityResolvingKey))
        try await central.pair(first.central.handle)
        try await peripheralEvents.next { event -> Bool? in
            guard case .pairingCompleted(first.peripheral.handle, true) = event else { return nil }
            return true
        }
        #expect(await peripheral.bonds.map(\.peerAddress) == [identity.address])
        #expect(await peripheral.link(first.peripheral.handle)?.identityAddress == identity.address)
        #expect(await central.ownAddress(of: first.central.handle) == first.peripheral.peerAddress)
        try await central.disconnect(first.central.handle)
        try await peripheralEvents.next { event -> Bool? in
            guard case .disconnected(first.peripheral.handle, _) = event else { return nil }
            return true
        }
        try await centralEvents.next { event -> Bool? in
            guard case .disconnected(first.central.handle, _) = event else { return nil }
            return true
        }
        #expect(
            await central.ownAddress(of: first.central.handle) == central.controllerInfo.ownAddress,
            "a link that went down leaves no address behind")

        try await central.rotatePrivateAddress()
        let second = try await Self.connect(central, centralEvents, peripheral, peripheralEvents) { _ in true }
        #expect(second.peripheral.peerAddress != first.peripheral.peerAddress)
        #expect(second.peripheral.identityAddress == identity.address)
        try await peripheralEvents.next { event -> Bool? in
            guard case .encryptionChanged(second.peripheral.handle, .encrypted) = event else { return nil }
            return true
        }
        await central.stop()
        await peripheral.stop()
    }

    @Test("the local IRK is kept beside the bond file with mode 0600 and used again after a restart")
    func identityPersists() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("privacy-\(UUID().uuidString)")
            .path
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let air = Air()
        let address = ControllerSetupOptions.makeStaticRandomAddress()
        let configuration = HostConfiguration(
            setup: ControllerSetupOptions(staticRandomAddress: address),
            bondDirectory: directory, privacy: PrivacyConfiguration())
        let host = try await BluetoothHost.start(transport: await air.makeController(), configuration: configuration)
        let identity = try #require(await host.localIdentity)
        #expect(identity.address == IdentityAddress(type: .random, address: address))
        await host.stop()
        let path = "\(directory)/\(address).irk"
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)

        let restarted = try await BluetoothHost.start(
            transport: await air.makeController(), configuration: configuration)
        #expect(await restarted.localIdentity == identity)
        let rpa = try #require(await restarted.privateAddress)
        #expect(rpa.isResolvable(with: identity.identityResolvingKey))
        await restarted.stop()
    }

    @Test("a resolvable private address made with an IRK resolves with it and with no other")
    func makesResolvableAddresses() {
        var generator = SystemRandomNumberGenerator()
        let irk: UInt128 = 0xEC02_3456_7890_ABCD_EF12_3456_7890_ABCD
        let address = BluetoothAddress.makeResolvablePrivate(identityResolvingKey: irk, using: &generator)
        #expect(address.isResolvablePrivate)
        #expect(address.isResolvable(with: irk))
        #expect(!address.isResolvable(with: irk ^ 1))
    }

    /// Advertises the peripheral, scans until an advertisement from an address `accept` takes, and connects.
    static func connect(
        _ central: BluetoothHost, _ centralEvents: EventRecorder, _ peripheral: BluetoothHost,
        _ peripheralEvents: EventRecorder, accept: @escaping @Sendable (BluetoothAddress) -> Bool
    ) async throws -> (central: HostLink, peripheral: HostLink) {
        try await peripheral.startAdvertising(AdvertisementContent(localName: "Private"))
        try await central.startScanning()
        let seen = try await centralEvents.next { event -> AdvertisementSeen? in
            guard case .advertisement(let report) = event, report.isConnectable, accept(report.address) else {
                return nil
            }
            return report
        }
        try await central.stopScanning()
        let link = try await central.connect(to: seen.address, type: seen.addressType, timeout: .seconds(10))
        let peripheralLink = try await peripheralEvents.next { event -> HostLink? in
            guard case .connected(let link) = event else { return nil }
            return link
        }
        return (link, peripheralLink)
    }
}

extension BluetoothHost {
    /// The address this host's privacy says it uses on a link, read on the host's executor.
    fileprivate func ownAddress(of handle: ConnectionHandle) -> BluetoothAddress {
        privacy.localAddress(of: handle).address
    }
}
