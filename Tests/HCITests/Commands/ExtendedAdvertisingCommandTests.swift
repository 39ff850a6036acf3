import Testing

@testable import HCI

@Suite("LE extended advertising commands", .timeLimit(.minutes(2)))
struct ExtendedAdvertisingCommandTests {
    @Test("LE Set Advertising Set Random Address (Vol 4 Part E 7.8.52) carries the set then the address")
    func leSetAdvertisingSetRandomAddress() throws {
        try expectCommandCodec(
            LESetAdvertisingSetRandomAddressCommand(
                advertisingHandle: 0x01, randomAddress: try #require(BluetoothAddress("C3:22:33:44:55:66"))),
            opcode: 0x2035, parameters: "01 66 55 44 33 22 c3", known: KnownCommand.leSetAdvertisingSetRandomAddress)
    }

    @Test("LE Set Extended Advertising Parameters v1 (7.8.53) has 3-byte intervals and returns the chosen power")
    func leSetExtendedAdvertisingParameters() throws {
        try expectCommandCodec(
            LESetExtendedAdvertisingParametersCommand(
                advertisingHandle: 0x00, advertisingEventProperties: [.connectable, .scannable, .legacy],
                primaryAdvertisingIntervalMin: 0x0000A0, primaryAdvertisingIntervalMax: 0x012345,
                primaryAdvertisingChannelMap: 0x07, ownAddressType: .random, peerAddressType: .public,
                peerAddress: .zero, advertisingFilterPolicy: 0x00, advertisingTxPower: 127,
                primaryAdvertisingPHY: .le1M, secondaryAdvertisingMaxSkip: 0, secondaryAdvertisingPHY: .le2M,
                advertisingSID: 5, scanRequestNotificationEnable: true),
            opcode: 0x2036,
            parameters: "00 13 00 a0 00 00 45 23 01 07 01 00 00 00 00 00 00 00 00 7f 01 00 02 05 01",
            known: KnownCommand.leSetExtendedAdvertisingParameters)
        try expectReturnParametersCodec(
            LESetExtendedAdvertisingParametersCommand.ReturnParameters(selectedTxPower: -2), "fe")
    }

    @Test("Scan_Request_Notification_Enable other than 0 or 1 is rejected")
    func invalidScanRequestNotificationEnable() throws {
        let bytes = try commandTestBytes("00 13 00 a0 00 00 45 23 01 07 01 00 00 00 00 00 00 00 00 7f 01 00 02 05 02")
        #expect(throws: DecodeError.invalidValue(field: "Scan_Request_Notification_Enable", raw: 2)) {
            try LESetExtendedAdvertisingParametersCommand(decoding: bytes)
        }
    }

    @Test("LE Set Extended Advertising Data (7.8.54) carries set, operation, preference, then length-prefixed data")
    func leSetExtendedAdvertisingData() throws {
        try expectCommandCodec(
            LESetExtendedAdvertisingDataCommand(
                advertisingHandle: 0x01, operation: 0x03, fragmentPreference: 0x01, data: [0x02, 0x01, 0x06]),
            opcode: 0x2037, parameters: "01 03 01 03 02 01 06", known: KnownCommand.leSetExtendedAdvertisingData)
    }

    @Test("LE Set Extended Advertising Data takes up to 251 bytes and rejects a longer length")
    func extendedAdvertisingDataLimit() throws {
        let full = [UInt8](repeating: 0x5A, count: 251)
        try expectCommandCodec(
            LESetExtendedAdvertisingDataCommand(advertisingHandle: 0, operation: 3, fragmentPreference: 0, data: full),
            opcode: 0x2037, parameters: "00 03 00 fb" + String(repeating: " 5a", count: 251),
            known: KnownCommand.leSetExtendedAdvertisingData)
        #expect(throws: DecodeError.invalidValue(field: "Advertising_Data_Length", raw: 252)) {
            try LESetExtendedAdvertisingDataCommand(decoding: [0x00, 0x03, 0x00, 0xFC] + full + [0x5A])
        }
        #expect(throws: DecodeError.invalidValue(field: "Scan_Response_Data_Length", raw: 252)) {
            try LESetExtendedScanResponseDataCommand(decoding: [0x00, 0x03, 0x00, 0xFC] + full + [0x5A])
        }
    }

    @Test("LE Set Extended Scan Response Data (7.8.55) has the same layout as advertising data")
    func leSetExtendedScanResponseData() throws {
        try expectCommandCodec(
            LESetExtendedScanResponseDataCommand(
                advertisingHandle: 0x02, operation: 0x03, fragmentPreference: 0x00,
                data: [0x05, 0x09, 0x54, 0x65, 0x73, 0x74]),
            opcode: 0x2038, parameters: "02 03 00 06 05 09 54 65 73 74",
            known: KnownCommand.leSetExtendedScanResponseData)
    }

    @Test("LE Set Extended Advertising Enable (7.8.56) interleaves handle, duration and event count per set")
    func leSetExtendedAdvertisingEnable() throws {
        try expectCommandCodec(
            LESetExtendedAdvertisingEnableCommand(
                enable: true,
                sets: [
                    .init(advertisingHandle: 0x01, duration: 0x0064, maxExtendedAdvertisingEvents: 0x00),
                    .init(advertisingHandle: 0x02, duration: 0x0000, maxExtendedAdvertisingEvents: 0x0A),
                ]),
            opcode: 0x2039, parameters: "01 02 01 64 00 00 02 00 00 0a",
            known: KnownCommand.leSetExtendedAdvertisingEnable)
    }

    @Test("LE Set Extended Advertising Enable with no sets disables every set")
    func leSetExtendedAdvertisingDisableAll() throws {
        try expectCommandCodec(
            LESetExtendedAdvertisingEnableCommand(enable: false, sets: []), opcode: 0x2039, parameters: "00 00",
            known: KnownCommand.leSetExtendedAdvertisingEnable)
        #expect(throws: DecodeError.invalidValue(field: "Enable", raw: 2)) {
            try LESetExtendedAdvertisingEnableCommand(decoding: [0x02, 0x00])
        }
    }

    @Test("LE Read Maximum Advertising Data Length (7.8.57) returns 16 bits")
    func leReadMaximumAdvertisingDataLength() throws {
        try expectCommandCodec(
            LEReadMaximumAdvertisingDataLengthCommand(), opcode: 0x203A, parameters: "",
            known: KnownCommand.leReadMaximumAdvertisingDataLength)
        try expectReturnParametersCodec(
            LEReadMaximumAdvertisingDataLengthCommand.ReturnParameters(maximumAdvertisingDataLength: 1650), "72 06")
    }

    @Test("LE Read Number of Supported Advertising Sets (7.8.58) returns one byte")
    func leReadNumberOfSupportedAdvertisingSets() throws {
        try expectCommandCodec(
            LEReadNumberOfSupportedAdvertisingSetsCommand(), opcode: 0x203B, parameters: "",
            known: KnownCommand.leReadNumberOfSupportedAdvertisingSets)
        try expectReturnParametersCodec(
            LEReadNumberOfSupportedAdvertisingSetsCommand.ReturnParameters(numSupportedAdvertisingSets: 16), "10")
    }

    @Test("LE Remove Advertising Set (7.8.59) carries the set's handle")
    func leRemoveAdvertisingSet() throws {
        try expectCommandCodec(
            LERemoveAdvertisingSetCommand(advertisingHandle: 0x03), opcode: 0x203C, parameters: "03",
            known: KnownCommand.leRemoveAdvertisingSet)
    }

    @Test("LE Clear Advertising Sets (7.8.60) has no parameters")
    func leClearAdvertisingSets() throws {
        try expectCommandCodec(
            LEClearAdvertisingSetsCommand(), opcode: 0x203D, parameters: "", known: KnownCommand.leClearAdvertisingSets)
    }
}
