import HCI
import Testing

@testable import VirtualRadio

@Suite("Virtual controller answers each command as the spec says", .timeLimit(.minutes(2)))
struct ControllerCommandTests {
    let air = Air(clock: ManualClock())

    @Test("An unknown opcode gets Command Complete with Unknown HCI Command (0x01)")
    func unknownOpcode() async throws {
        let host = TestHost(await air.makeController())
        let vendor = HCICommandPacket(opcode: HCIOpcode(ogf: 0x3F, ocf: 0x0001), parameters: [1, 2, 3])
        let complete = try await host.commandComplete(vendor)
        #expect(complete.numHCICommandPackets == 1)
        #expect(complete.returnParameters == [HCIStatus.unknownCommand.rawValue])
    }

    @Test("Malformed parameters get Invalid HCI Command Parameters (0x12), as Command Status for async commands")
    func malformedParameters() async throws {
        let host = TestHost(await air.makeController())
        let shortMask = HCICommandPacket(opcode: SetEventMaskCommand.opcode, parameters: [0xFF])
        #expect(try await host.commandComplete(shortMask).status == .invalidCommandParameters)
        let shortDisconnect = HCICommandPacket(opcode: DisconnectCommand.opcode, parameters: [0x01])
        #expect(try await host.commandStatus(shortDisconnect) == .invalidCommandParameters)
    }

    @Test("Read Local Version Information reports the configured versions")
    func readLocalVersion() async throws {
        let host = TestHost(await air.makeController())
        let version = try await host.execute(ReadLocalVersionInformationCommand())
        #expect(version.hciVersion == 0x0C)
        #expect(version.lmpVersion == 0x0C)
        #expect(version.companyIdentifier == 0xFFFF)
    }

    @Test("Read Local Supported Commands sets the bit of every implemented command and no others")
    func readSupportedCommands() async throws {
        let host = TestHost(await air.makeController())
        let table = try await host.execute(ReadLocalSupportedCommandsCommand())
        #expect(table.supportedCommands.count == 64)
        #expect(table.supports(octet: 0, bit: 5))  // Disconnect
        #expect(table.supports(octet: 5, bit: 7))  // Reset
        #expect(table.supports(octet: 27, bit: 6))  // LE Encrypt
        #expect(table.supports(octet: 33, bit: 6))  // LE Set Data Length
        #expect(table.supports(octet: 35, bit: 6))  // LE Set PHY
        #expect(table.supports(octet: 37, bit: 7))  // LE Extended Create Connection
        #expect(table.supports(octet: 41, bit: 5))  // LE Read Buffer Size v2
        #expect(!table.supports(octet: 34, bit: 1))  // LE Read Local P-256 Public Key
        #expect(!table.supports(octet: 0, bit: 0))  // Inquiry
    }

    @Test("Read Local Supported Features says LE supported and BR/EDR not supported")
    func readLocalFeatures() async throws {
        let host = TestHost(await air.makeController())
        let features = try await host.execute(ReadLocalSupportedFeaturesCommand()).lmpFeatures
        #expect(features & (1 << 38) != 0)
        #expect(features & (1 << 37) != 0)
    }

    @Test("Read BD_ADDR returns the configured public address, zero by default")
    func readBDADDR() async throws {
        let plain = TestHost(await air.makeController())
        #expect(try await plain.execute(ReadBDADDRCommand()).address == .zero)
        let address = BluetoothAddress(rawValue: 0x00_11_22_33_44_55)
        let configured = TestHost(await air.makeController(configuration: .init(publicAddress: address)))
        #expect(try await configured.execute(ReadBDADDRCommand()).address == address)
    }

    @Test("LE Read Buffer Size v1 and v2 report the configured ACL buffers and no ISO buffers")
    func readBufferSize() async throws {
        let host = TestHost(
            await air.makeController(configuration: .init(aclBufferLength: 27, aclBufferCount: 3)))
        let v1 = try await host.execute(LEReadBufferSizeCommand())
        #expect(v1.leACLDataPacketLength == 27 && v1.totalNumLEACLDataPackets == 3)
        let v2 = try await host.execute(LEReadBufferSizeV2Command())
        #expect(v2.leACLDataPacketLength == 27 && v2.totalNumLEACLDataPackets == 3)
        #expect(v2.isoDataPacketLength == 0 && v2.totalNumISODataPackets == 0)
    }

    @Test("LE Read Local Supported Features reports encryption, parameter requests, DLE, 2M and extended advertising")
    func readLEFeatures() async throws {
        let host = TestHost(await air.makeController())
        let features = try await host.execute(LEReadLocalSupportedFeaturesCommand()).leFeatures
        #expect(
            features.isSuperset(of: [
                .encryption, .connectionParametersRequest, .dataPacketLengthExtension, .le2MPHY, .extendedAdvertising,
            ]))
        #expect(!features.contains(.leCodedPHY))
    }

    @Test("LE Encrypt computes AES-128 on little-endian HCI parameters (Core spec sample data)")
    func leEncrypt() async throws {
        let host = TestHost(await air.makeController())
        let key: [UInt8] = [
            0x4C, 0x68, 0x38, 0x41, 0x39, 0xF5, 0x74, 0xD8, 0x36, 0xBC, 0xF3, 0x4E, 0x9D, 0xFB, 0x01, 0xBF,
        ]
        let plaintext: [UInt8] = [
            0x02, 0x13, 0x24, 0x35, 0x46, 0x57, 0x68, 0x79, 0xAC, 0xBD, 0xCE, 0xDF, 0xE0, 0xF1, 0x02, 0x13,
        ]
        let expected: [UInt8] = [
            0x99, 0xAD, 0x1B, 0x52, 0x26, 0xA3, 0x7E, 0x3E, 0x05, 0x8E, 0x3B, 0x8E, 0x27, 0xC2, 0xC6, 0x66,
        ]
        let result = try await host.execute(
            LEEncryptCommand(key: key.reversed(), plaintextData: plaintext.reversed()))
        #expect(result.encryptedData == expected.reversed())
    }

    @Test("LE Rand returns a different number each time")
    func leRand() async throws {
        let host = TestHost(await air.makeController())
        let first = try await host.execute(LERandCommand()).randomNumber
        let second = try await host.execute(LERandCommand()).randomNumber
        #expect(first != second)
    }

    @Test("Data length defaults read back as written and the maximum is 251 octets / 2120 µs")
    func dataLengthDefaults() async throws {
        let host = TestHost(await air.makeController())
        let initial = try await host.execute(LEReadSuggestedDefaultDataLengthCommand())
        #expect(initial.suggestedMaxTxOctets == 27 && initial.suggestedMaxTxTime == 328)
        _ = try await host.execute(
            LEWriteSuggestedDefaultDataLengthCommand(suggestedMaxTxOctets: 251, suggestedMaxTxTime: 2120))
        let written = try await host.execute(LEReadSuggestedDefaultDataLengthCommand())
        #expect(written.suggestedMaxTxOctets == 251 && written.suggestedMaxTxTime == 2120)
        #expect(
            try await host.status(
                of: LEWriteSuggestedDefaultDataLengthCommand(suggestedMaxTxOctets: 26, suggestedMaxTxTime: 328))
                == .invalidCommandParameters)
        let maximum = try await host.execute(LEReadMaximumDataLengthCommand())
        #expect(maximum.supportedMaxTxOctets == 251 && maximum.supportedMaxTxTime == 2120)
        #expect(maximum.supportedMaxRxOctets == 251 && maximum.supportedMaxRxTime == 2120)
    }

    @Test("The filter accept list holds its configured size and refuses more with Memory Capacity Exceeded")
    func filterAcceptList() async throws {
        let host = TestHost(await air.makeController(configuration: .init(filterAcceptListSize: 2)))
        #expect(try await host.execute(LEReadFilterAcceptListSizeCommand()).filterAcceptListSize == 2)
        for address in [Addresses.first, Addresses.second] {
            _ = try await host.execute(LEAddDeviceToFilterAcceptListCommand(addressType: .random, address: address))
        }
        let third = LEAddDeviceToFilterAcceptListCommand(addressType: .random, address: Addresses.third)
        #expect(try await host.status(of: third) == .memoryCapacityExceeded)
        _ = try await host.execute(
            LERemoveDeviceFromFilterAcceptListCommand(addressType: .random, address: Addresses.first))
        #expect(try await host.status(of: third) == .success)
        _ = try await host.execute(LEClearFilterAcceptListCommand())
        #expect(await air.controllerCount == 1)
    }

    @Test("The resolving list keeps entries up to its size and refuses duplicates")
    func resolvingList() async throws {
        let host = TestHost(await air.makeController(configuration: .init(resolvingListSize: 1)))
        #expect(try await host.execute(LEReadResolvingListSizeCommand()).resolvingListSize == 1)
        let entry = LEAddDeviceToResolvingListCommand(
            peerIdentityAddressType: .random, peerIdentityAddress: Addresses.first,
            peerIRK: Array(repeating: 1, count: 16), localIRK: Array(repeating: 2, count: 16))
        #expect(try await host.status(of: entry) == .success)
        #expect(try await host.status(of: entry) == .invalidCommandParameters)
        _ = try await host.execute(LESetAddressResolutionEnableCommand(addressResolutionEnable: true))
        _ = try await host.execute(
            LERemoveDeviceFromResolvingListCommand(
                peerIdentityAddressType: .random, peerIdentityAddress: Addresses.first))
        #expect(
            try await host.status(
                of: LERemoveDeviceFromResolvingListCommand(
                    peerIdentityAddressType: .random, peerIdentityAddress: Addresses.first))
                == .unknownConnectionIdentifier)
    }

    @Test("Mixing legacy and extended advertising commands is refused with Command Disallowed (Vol 4 Part E 3.1.1)")
    func legacyAndExtendedDoNotMix() async throws {
        let host = TestHost(await air.makeController())
        _ = try await host.execute(LESetScanEnableCommand(enable: false, filterDuplicates: false))
        #expect(try await host.status(of: LEReadNumberOfSupportedAdvertisingSetsCommand()) == .commandDisallowed)
        _ = try await host.execute(ResetCommand())
        #expect(
            try await host.execute(LEReadNumberOfSupportedAdvertisingSetsCommand()).numSupportedAdvertisingSets == 4)
        #expect(try await host.status(of: LESetAdvertisingDataCommand(data: [])) == .commandDisallowed)
    }

    @Test("Masked events are not sent: with the default masks no LE event reaches the host")
    func defaultMasksHideLEEvents() async throws {
        let scanner = TestHost(await air.makeController())
        let advertiser = try await TestHost.make(on: air, randomAddress: Addresses.first)
        try await advertiser.advertise(.nonConnectableUndirected, data: [0x02, 0x01, 0x06])
        try await scanner.scan()
        #expect(try await scanner.drain().isEmpty)
        _ = try await scanner.execute(SetEventMaskCommand(eventMask: TestHost.eventMask))
        _ = try await scanner.execute(LESetScanEnableCommand(enable: true, filterDuplicates: false))
        #expect(try await scanner.expectReport().data == [0x02, 0x01, 0x06])
    }

    @Test("Reset clears what the host set: advertising stops, and data, parameters and random address are forgotten")
    func resetClearsState() async throws {
        let advertiser = try await TestHost.make(on: air, randomAddress: Addresses.first)
        try await advertiser.advertise(.nonConnectableUndirected, data: [0x02, 0x01, 0x06])
        _ = try await advertiser.execute(ResetCommand())
        let scanner = try await TestHost.make(on: air, randomAddress: Addresses.second)
        try await scanner.scan()
        #expect(try await scanner.drain().isEmpty)
        _ = try await advertiser.execute(LESetAdvertisingEnableCommand(enable: true))
        let report = try await scanner.expectReport()
        #expect(report.eventType == .advInd)
        #expect(report.addressType == .public && report.address == .zero)
        #expect(report.data.isEmpty)
    }

    @Test("Closing a controller ends its stream and its sends fail with closed")
    func closeEndsStream() async throws {
        let host = TestHost(await air.makeController())
        await host.controller.close()
        await #expect(throws: TransportError.closed) {
            try await host.controller.send(.command(HCICommandPacket(ResetCommand())))
        }
        await #expect(throws: TestHostError.self) { _ = try await host.nextPacket() }
    }
}
