import HCI
import Testing

@testable import VirtualRadio

@Suite("Controller generations: what a 4.0, 4.2, 5.0 or 5.3 controller reports and refuses", .timeLimit(.minutes(1)))
struct ControllerGenerationTests {
    let air = Air(clock: ManualClock())

    private func host(_ generation: ControllerGeneration, address: BluetoothAddress) async throws -> TestHost {
        try await TestHost.make(
            on: air, configuration: generation.configuration, randomAddress: address,
            leEventMask: TestHost.leEventMask | TestHost.mask(.enhancedConnectionComplete))
    }

    @Test(
        "each generation reports its Core version, the commands and LE features it introduced, and no later ones",
        arguments: ControllerGeneration.allCases)
    func reports(_ generation: ControllerGeneration) async throws {
        let host = try await host(generation, address: Addresses.first)
        let version = try await host.execute(ReadLocalVersionInformationCommand())
        #expect(version.hciVersion == generation.versionNumber && version.lmpVersion == generation.versionNumber)
        let table = try await host.execute(ReadLocalSupportedCommandsCommand())
        #expect(table.supports(octet: 26, bit: 4), "LE Create Connection is in every generation")
        #expect(table.supports(octet: 33, bit: 6) == (generation >= .v4_2), "LE Set Data Length is 4.2")
        #expect(table.supports(octet: 35, bit: 6) == (generation >= .v5_0), "LE Set PHY is 5.0")
        #expect(table.supports(octet: 36, bit: 2) == (generation >= .v5_0), "extended advertising is 5.0")
        #expect(table.supports(octet: 41, bit: 5) == (generation >= .v5_3), "LE Read Buffer Size v2 is 5.2")
        let features = try await host.execute(LEReadLocalSupportedFeaturesCommand()).leFeatures
        #expect(features.contains(.encryption))
        #expect(features.contains(.dataPacketLengthExtension) == (generation >= .v4_2))
        #expect(features.contains(.llPrivacy) == (generation >= .v4_2))
        #expect(features.contains(.le2MPHY) == (generation >= .v5_0))
        #expect(features.contains(.extendedAdvertising) == (generation >= .v5_0))
    }

    @Test("a 4.0 controller refuses what 4.0 lacks with Unknown HCI Command, in Command Complete or Command Status")
    func fourZeroRefuses() async throws {
        let host = try await host(.v4_0, address: Addresses.first)
        #expect(try await host.status(of: LEReadBufferSizeV2Command()) == .unknownCommand)
        #expect(try await host.status(of: LEReadMaximumDataLengthCommand()) == .unknownCommand)
        #expect(try await host.status(of: LEClearResolvingListCommand()) == .unknownCommand)
        #expect(try await host.status(of: LEReadNumberOfSupportedAdvertisingSetsCommand()) == .unknownCommand)
        let handle = ConnectionHandle(rawValue: 1)
        #expect(
            try await host.status(of: LESetDataLengthCommand(handle: handle, txOctets: 251, txTime: 2120))
                == .unknownCommand)
        #expect(
            try await host.start(
                LESetPHYCommand(handle: handle, allPHYs: 0, txPHYs: .le2M, rxPHYs: .le2M, phyOptions: 0))
                == .unknownCommand)
    }

    @Test("a 4.0 controller refuses own address types 0x02 and 0x03 (LL privacy's) with Unsupported Feature (0x11)")
    func fourZeroOwnAddressTypes() async throws {
        let old = try await host(.v4_0, address: Addresses.first)
        let newer = try await host(.v4_2, address: Addresses.second)
        let advertising = LESetAdvertisingParametersCommand(
            advertisingIntervalMin: 0x20, advertisingIntervalMax: 0x20, advertisingType: .connectableUndirected,
            ownAddressType: .randomIdentity, peerAddressType: .public, peerAddress: .zero,
            advertisingChannelMap: 0x07, advertisingFilterPolicy: 0)
        #expect(try await old.status(of: advertising) == .unsupportedFeatureOrParameterValue)
        #expect(try await newer.status(of: advertising) == .success)
        let scanning = LESetScanParametersCommand(
            scanType: .active, scanInterval: 0x10, scanWindow: 0x10, ownAddressType: .randomIdentity,
            scanningFilterPolicy: 0)
        #expect(try await old.status(of: scanning) == .unsupportedFeatureOrParameterValue)
        #expect(try await newer.status(of: scanning) == .success)
        var connecting = old.createConnection(to: Addresses.third)
        connecting.ownAddressType = .randomIdentity
        #expect(try await old.start(connecting) == .unsupportedFeatureOrParameterValue)
        connecting.ownAddressType = .random
        #expect(try await old.start(connecting) == .success, "the same command with a 4.0 own address type is taken")
    }

    @Test("a 4.2 controller has data length and the resolving list, and refuses 5.0's PHY and extended advertising")
    func fourTwoRefuses() async throws {
        let host = try await host(.v4_2, address: Addresses.first)
        #expect(try await host.execute(LEReadResolvingListSizeCommand()).resolvingListSize == 8)
        #expect(try await host.execute(LEReadMaximumDataLengthCommand()).supportedMaxTxOctets == 251)
        #expect(try await host.status(of: LEReadNumberOfSupportedAdvertisingSetsCommand()) == .unknownCommand)
        #expect(try await host.status(of: LEReadPHYCommand(handle: ConnectionHandle(rawValue: 1))) == .unknownCommand)
        #expect(try await host.status(of: LEReadBufferSizeV2Command()) == .unknownCommand)
    }

    @Test("a 5.0 controller has extended advertising and the PHY commands but not 5.2's LE Read Buffer Size v2")
    func fiveZero() async throws {
        let host = try await host(.v5_0, address: Addresses.first)
        #expect(
            try await host.execute(LEReadNumberOfSupportedAdvertisingSetsCommand()).numSupportedAdvertisingSets == 4)
        #expect(try await host.status(of: LEReadBufferSizeV2Command()) == .unknownCommand)
        #expect(try await host.execute(LEReadBufferSizeCommand()).leACLDataPacketLength == 251)
    }

    @Test("a 4.0 controller reports no LE buffers; Read Buffer Size gives its few shared 27-byte ACL buffers")
    func fourZeroSharedBuffers() async throws {
        let host = try await host(.v4_0, address: Addresses.first)
        let le = try await host.execute(LEReadBufferSizeCommand())
        #expect(le.leACLDataPacketLength == 0 && le.totalNumLEACLDataPackets == 0)
        let shared = try await host.execute(ReadBufferSizeCommand())
        #expect(shared.aclDataPacketLength == 27 && shared.totalNumACLDataPackets == 4)
        #expect(try await host.execute(LEReadFilterAcceptListSizeCommand()).filterAcceptListSize == 8)
    }

    @Test(
        "a 4.0 controller tells of a connection with LE Connection Complete even when its host unmasks the enhanced event"
    )
    func fourZeroConnectionComplete() async throws {
        let central = try await host(.v4_0, address: Addresses.first)
        let peripheral = try await host(.v4_2, address: Addresses.second)
        try await peripheral.advertise()
        #expect(try await central.start(central.createConnection(to: peripheral.address)) == .success)
        let legacy = try await central.expectLE { event -> LEConnectionCompleteEvent? in
            if case .connectionComplete(let e) = event { return e }
            return nil
        }
        #expect(legacy.status == .success && legacy.peerAddress == Addresses.second)
        let enhanced = try await peripheral.expectLE { event -> LEEnhancedConnectionCompleteEvent? in
            if case .enhancedConnectionComplete(let e) = event { return e }
            return nil
        }
        #expect(enhanced.status == .success && enhanced.peerAddress == Addresses.first)
    }

    @Test("a link with a 4.0 end keeps 27-octet packets: LE Set Data Length on the 4.2 end changes nothing")
    func dataLengthNeedsBothEnds() async throws {
        let central = try await host(.v4_2, address: Addresses.first)
        let peripheral = try await host(.v4_0, address: Addresses.second)
        let handles = try await central.connect(to: peripheral)
        _ = try await central.execute(LESetDataLengthCommand(handle: handles.central, txOctets: 251, txTime: 2120))
        #expect(try await central.drainEvents().isEmpty, "no LE Data Length Change")
        #expect(try await peripheral.drainEvents().isEmpty)
    }

    @Test("LE Set PHY toward a 4.2 peer ends in LE PHY Update Complete with Unsupported Remote Feature (0x1A)")
    func phyNeedsThePeer() async throws {
        let central = try await host(.v5_3, address: Addresses.first)
        let peripheral = try await host(.v4_2, address: Addresses.second)
        let handles = try await central.connect(to: peripheral)
        #expect(
            try await central.start(
                LESetPHYCommand(handle: handles.central, allPHYs: 0, txPHYs: .le2M, rxPHYs: .le2M, phyOptions: 0))
                == .success)
        let update = try await central.expectLE { event -> LEPHYUpdateCompleteEvent? in
            if case .phyUpdateComplete(let e) = event { return e }
            return nil
        }
        #expect(update.status == .unsupportedRemoteFeature && update.txPHY == .le1M)
        #expect(try await peripheral.drainEvents().isEmpty)
    }
}
