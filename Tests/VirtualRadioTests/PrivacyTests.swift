import HCI
import Testing

@testable import VirtualRadio

@Suite("Link-layer privacy", .timeLimit(.minutes(2)))
struct PrivacyTests {
    let air = Air(clock: ManualClock())
    let centralIRK: [UInt8] = Array(repeating: 0x11, count: 16)
    let peripheralIRK: [UInt8] = Array(repeating: 0x22, count: 16)

    @Test("The random address hash ah matches the Core spec sample data (Vol 3 Part H D.7)")
    func hashSampleData() {
        let irk: [UInt8] = [
            0xEC, 0x02, 0x34, 0xA3, 0x57, 0xC8, 0xAD, 0x05, 0x34, 0x10, 0x10, 0xA6, 0x0A, 0x39, 0x7D, 0x9B,
        ]
        #expect(ResolvablePrivateAddress.hash(irk: irk.reversed(), prand: 0x70_8194) == 0x0D_FBAA)
    }

    @Test("A resolvable private address resolves with its own IRK only")
    func makeAndResolve() {
        var generator = SeededGenerator(seed: 7)
        let address = ResolvablePrivateAddress.make(irk: centralIRK, using: &generator)
        #expect(address?.isResolvablePrivate == true)
        #expect(address.map { ResolvablePrivateAddress.resolves($0, with: centralIRK) } == true)
        #expect(address.map { ResolvablePrivateAddress.resolves($0, with: peripheralIRK) } == false)
    }

    private func addEntry(_ host: TestHost, peer: BluetoothAddress, peerIRK: [UInt8], localIRK: [UInt8]) async throws {
        _ = try await host.execute(
            LEAddDeviceToResolvingListCommand(
                peerIdentityAddressType: .random, peerIdentityAddress: peer, peerIRK: peerIRK, localIRK: localIRK))
        _ = try await host.execute(LESetAddressResolutionEnableCommand(addressResolutionEnable: true))
    }

    @Test("An advertiser with own address type 0x03 uses a resolvable private address that a bonded peer resolves")
    func advertisingAndConnectingPrivately() async throws {
        let mask = TestHost.leEventMask | TestHost.mask(.enhancedConnectionComplete)
        let central = try await TestHost.make(on: air, randomAddress: Addresses.first, leEventMask: mask)
        let peripheral = try await TestHost.make(on: air, randomAddress: Addresses.second, leEventMask: mask)
        let stranger = try await TestHost.make(on: air, randomAddress: Addresses.third)
        try await addEntry(peripheral, peer: Addresses.first, peerIRK: centralIRK, localIRK: peripheralIRK)
        try await addEntry(central, peer: Addresses.second, peerIRK: peripheralIRK, localIRK: centralIRK)
        _ = try await peripheral.execute(
            LESetAdvertisingParametersCommand(
                advertisingIntervalMin: 0xA0, advertisingIntervalMax: 0xA0, advertisingType: .connectableUndirected,
                ownAddressType: .randomIdentity, peerAddressType: .random, peerAddress: Addresses.first,
                advertisingChannelMap: 7, advertisingFilterPolicy: 0))
        _ = try await peripheral.execute(LESetAdvertisingEnableCommand(enable: true))

        try await stranger.scan()
        let seenByStranger = try await stranger.expectReport()
        #expect(seenByStranger.addressType == .random && seenByStranger.address.isResolvablePrivate)

        try await central.scan()
        let seenByCentral = try await central.expectReport()
        #expect(seenByCentral.addressType == .randomIdentity && seenByCentral.address == Addresses.second)
        _ = try await central.execute(LESetScanEnableCommand(enable: false, filterDuplicates: false))

        var create = central.createConnection(to: Addresses.second)
        create.peerAddressType = .randomIdentity
        create.ownAddressType = .randomIdentity
        #expect(try await central.start(create) == .success)
        let atCentral = try await central.expectLE { event in
            if case .enhancedConnectionComplete(let e) = event { return e }
            return nil
        }
        #expect(atCentral.status == .success)
        #expect(atCentral.peerAddressType == .randomIdentity && atCentral.peerAddress == Addresses.second)
        #expect(atCentral.peerResolvablePrivateAddress == seenByStranger.address)
        #expect(atCentral.localResolvablePrivateAddress.isResolvablePrivate)
        let atPeripheral = try await peripheral.expectLE { event in
            if case .enhancedConnectionComplete(let e) = event { return e }
            return nil
        }
        #expect(atPeripheral.peerAddressType == .randomIdentity && atPeripheral.peerAddress == Addresses.first)
        #expect(atPeripheral.peerResolvablePrivateAddress == atCentral.localResolvablePrivateAddress)
        #expect(atPeripheral.localResolvablePrivateAddress == seenByStranger.address)
    }
}
