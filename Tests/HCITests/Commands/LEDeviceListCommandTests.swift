import Testing

@testable import HCI

@Suite("LE filter accept list, resolving list and privacy commands", .timeLimit(.minutes(2)))
struct LEDeviceListCommandTests {
    @Test("LE Read Filter Accept List Size (Vol 4 Part E 7.8.14) returns one byte")
    func leReadFilterAcceptListSize() throws {
        try expectCommandCodec(
            LEReadFilterAcceptListSizeCommand(), opcode: 0x200F, parameters: "",
            known: KnownCommand.leReadFilterAcceptListSize)
        try expectReturnParametersCodec(
            LEReadFilterAcceptListSizeCommand.ReturnParameters(filterAcceptListSize: 16), "10")
    }

    @Test("LE Clear Filter Accept List (7.8.15) has no parameters")
    func leClearFilterAcceptList() throws {
        try expectCommandCodec(
            LEClearFilterAcceptListCommand(), opcode: 0x2010, parameters: "",
            known: KnownCommand.leClearFilterAcceptList)
    }

    @Test("LE Add Device To Filter Accept List (7.8.16) carries address type then address")
    func leAddDeviceToFilterAcceptList() throws {
        try expectCommandCodec(
            LEAddDeviceToFilterAcceptListCommand(
                addressType: .random, address: try #require(BluetoothAddress("C0:11:22:33:44:55"))),
            opcode: 0x2011, parameters: "01 55 44 33 22 11 c0", known: KnownCommand.leAddDeviceToFilterAcceptList)
    }

    @Test("LE Remove Device From Filter Accept List (7.8.17) carries address type then address")
    func leRemoveDeviceFromFilterAcceptList() throws {
        try expectCommandCodec(
            LERemoveDeviceFromFilterAcceptListCommand(
                addressType: .public, address: try #require(BluetoothAddress("00:1B:DC:01:02:03"))),
            opcode: 0x2012, parameters: "00 03 02 01 dc 1b 00",
            known: KnownCommand.leRemoveDeviceFromFilterAcceptList)
    }

    @Test("LE Add Device To Resolving List (7.8.38) carries identity, peer IRK, then local IRK")
    func leAddDeviceToResolvingList() throws {
        try expectCommandCodec(
            LEAddDeviceToResolvingListCommand(
                peerIdentityAddressType: .public,
                peerIdentityAddress: try #require(BluetoothAddress("00:1B:DC:01:02:03")),
                peerIRK: Array(0x10...0x1F), localIRK: Array(0x20...0x2F)),
            opcode: 0x2027,
            parameters: """
                00 03 02 01 dc 1b 00 \
                10 11 12 13 14 15 16 17 18 19 1a 1b 1c 1d 1e 1f \
                20 21 22 23 24 25 26 27 28 29 2a 2b 2c 2d 2e 2f
                """,
            known: KnownCommand.leAddDeviceToResolvingList)
    }

    @Test("LE Remove Device From Resolving List (7.8.39) carries the peer's identity")
    func leRemoveDeviceFromResolvingList() throws {
        try expectCommandCodec(
            LERemoveDeviceFromResolvingListCommand(
                peerIdentityAddressType: .random,
                peerIdentityAddress: try #require(BluetoothAddress("C5:00:00:00:00:01"))),
            opcode: 0x2028, parameters: "01 01 00 00 00 00 c5", known: KnownCommand.leRemoveDeviceFromResolvingList)
    }

    @Test("LE Clear Resolving List (7.8.40) has no parameters")
    func leClearResolvingList() throws {
        try expectCommandCodec(
            LEClearResolvingListCommand(), opcode: 0x2029, parameters: "", known: KnownCommand.leClearResolvingList)
    }

    @Test("LE Read Resolving List Size (7.8.41) returns one byte")
    func leReadResolvingListSize() throws {
        try expectCommandCodec(
            LEReadResolvingListSizeCommand(), opcode: 0x202A, parameters: "",
            known: KnownCommand.leReadResolvingListSize)
        try expectReturnParametersCodec(LEReadResolvingListSizeCommand.ReturnParameters(resolvingListSize: 8), "08")
    }

    @Test("LE Set Address Resolution Enable (7.8.44) carries one Boolean byte")
    func leSetAddressResolutionEnable() throws {
        try expectCommandCodec(
            LESetAddressResolutionEnableCommand(addressResolutionEnable: true), opcode: 0x202D, parameters: "01",
            known: KnownCommand.leSetAddressResolutionEnable)
        #expect(throws: DecodeError.invalidValue(field: "Address_Resolution_Enable", raw: 3)) {
            try LESetAddressResolutionEnableCommand(decoding: [0x03])
        }
    }

    @Test("LE Set Resolvable Private Address Timeout (7.8.45) carries seconds as 16 bits")
    func leSetResolvablePrivateAddressTimeout() throws {
        try expectCommandCodec(
            LESetResolvablePrivateAddressTimeoutCommand(rpaTimeout: 900), opcode: 0x202E, parameters: "84 03",
            known: KnownCommand.leSetResolvablePrivateAddressTimeout)
    }

    @Test("LE Set Privacy Mode (7.8.77) carries the identity then the mode")
    func leSetPrivacyMode() throws {
        try expectCommandCodec(
            LESetPrivacyModeCommand(
                peerIdentityAddressType: .random,
                peerIdentityAddress: try #require(BluetoothAddress("C5:00:00:00:00:01")), privacyMode: 0x01),
            opcode: 0x204E, parameters: "01 01 00 00 00 00 c5 01", known: KnownCommand.leSetPrivacyMode)
    }
}
