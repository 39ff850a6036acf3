import Testing

@testable import HCI

@Suite("Legacy advertising and scanning commands", .timeLimit(.minutes(2)))
struct LegacyAdvertisingCommandTests {
    @Test("LE Set Advertising Parameters (Vol 4 Part E 7.8.5) lays out its 15 bytes in spec order")
    func leSetAdvertisingParameters() throws {
        try expectCommandCodec(
            LESetAdvertisingParametersCommand(
                advertisingIntervalMin: 0x00A0, advertisingIntervalMax: 0x00F0, advertisingType: .scannableUndirected,
                ownAddressType: .random, peerAddressType: .public,
                peerAddress: try #require(BluetoothAddress("AA:BB:CC:DD:EE:FF")), advertisingChannelMap: 0x07,
                advertisingFilterPolicy: 0x00),
            opcode: 0x2006, parameters: "a0 00 f0 00 02 01 00 ff ee dd cc bb aa 07 00",
            known: KnownCommand.leSetAdvertisingParameters)
    }

    @Test("LE Read Advertising Physical Channel Tx Power (7.8.6) returns a signed level")
    func leReadAdvertisingPhysicalChannelTxPower() throws {
        try expectCommandCodec(
            LEReadAdvertisingPhysicalChannelTxPowerCommand(), opcode: 0x2007, parameters: "",
            known: KnownCommand.leReadAdvertisingPhysicalChannelTxPower)
        try expectReturnParametersCodec(
            LEReadAdvertisingPhysicalChannelTxPowerCommand.ReturnParameters(txPowerLevel: -4), "fc")
    }

    @Test("LE Set Advertising Data (7.8.7) sends a length and a zero-padded 31-byte field")
    func leSetAdvertisingData() throws {
        try expectCommandCodec(
            LESetAdvertisingDataCommand(data: [0x02, 0x01, 0x06, 0x03, 0x03, 0x0D, 0x18]), opcode: 0x2008,
            parameters: "07 02 01 06 03 03 0d 18" + String(repeating: " 00", count: 24),
            known: KnownCommand.leSetAdvertisingData)
    }

    @Test("LE Set Advertising Data with all 31 bytes significant round-trips")
    func leSetAdvertisingDataFull() throws {
        try expectCommandCodec(
            LESetAdvertisingDataCommand(data: Array(0x01...0x1F)), opcode: 0x2008,
            parameters: """
                1f 01 02 03 04 05 06 07 08 09 0a 0b 0c 0d 0e 0f \
                10 11 12 13 14 15 16 17 18 19 1a 1b 1c 1d 1e 1f
                """,
            known: KnownCommand.leSetAdvertisingData)
    }

    @Test("LE Set Advertising Data decodes only the significant bytes, whatever the padding holds")
    func leSetAdvertisingDataIgnoresPadding() throws {
        let bytes: [UInt8] = [0x02, 0xAA, 0xBB] + [UInt8](repeating: 0xEE, count: 29)
        #expect(try LESetAdvertisingDataCommand(decoding: bytes).data == [0xAA, 0xBB])
    }

    @Test("advertising or scan response data length above 31 is rejected")
    func legacyDataLengthAbove31() {
        let bytes: [UInt8] = [0x20] + [UInt8](repeating: 0, count: 31)
        #expect(throws: DecodeError.invalidValue(field: "Advertising_Data_Length", raw: 32)) {
            try LESetAdvertisingDataCommand(decoding: bytes)
        }
        #expect(throws: DecodeError.invalidValue(field: "Scan_Response_Data_Length", raw: 32)) {
            try LESetScanResponseDataCommand(decoding: bytes)
        }
    }

    @Test("LE Set Scan Response Data (7.8.8) sends a length and a zero-padded 31-byte field")
    func leSetScanResponseData() throws {
        try expectCommandCodec(
            LESetScanResponseDataCommand(data: [0x05, 0x09, 0x54, 0x65, 0x73, 0x74]), opcode: 0x2009,
            parameters: "06 05 09 54 65 73 74" + String(repeating: " 00", count: 25),
            known: KnownCommand.leSetScanResponseData)
    }

    @Test("LE Set Advertising Enable (7.8.9) carries one Boolean byte")
    func leSetAdvertisingEnable() throws {
        try expectCommandCodec(
            LESetAdvertisingEnableCommand(enable: true), opcode: 0x200A, parameters: "01",
            known: KnownCommand.leSetAdvertisingEnable)
        try expectCommandCodec(
            LESetAdvertisingEnableCommand(enable: false), opcode: 0x200A, parameters: "00",
            known: KnownCommand.leSetAdvertisingEnable)
    }

    @Test("an enable byte other than 0 or 1 is rejected, also through the registry")
    func invalidEnable() {
        #expect(throws: DecodeError.invalidValue(field: "Advertising_Enable", raw: 2)) {
            try LESetAdvertisingEnableCommand(decoding: [0x02])
        }
        #expect(throws: DecodeError.invalidValue(field: "Advertising_Enable", raw: 0xFF)) {
            try KnownCommand(HCICommandPacket(opcode: LESetAdvertisingEnableCommand.opcode, parameters: [0xFF]))
        }
    }

    @Test("LE Set Scan Parameters (7.8.10) lays out type, interval, window, address type, policy")
    func leSetScanParameters() throws {
        try expectCommandCodec(
            LESetScanParametersCommand(
                scanType: .active, scanInterval: 0x0010, scanWindow: 0x0010, ownAddressType: .public,
                scanningFilterPolicy: 0x00),
            opcode: 0x200B, parameters: "01 10 00 10 00 00 00", known: KnownCommand.leSetScanParameters)
    }

    @Test("LE Set Scan Enable (7.8.11) carries enable then filter duplicates, both Boolean")
    func leSetScanEnable() throws {
        try expectCommandCodec(
            LESetScanEnableCommand(enable: true, filterDuplicates: false), opcode: 0x200C, parameters: "01 00",
            known: KnownCommand.leSetScanEnable)
        #expect(throws: DecodeError.invalidValue(field: "Filter_Duplicates", raw: 5)) {
            try LESetScanEnableCommand(decoding: [0x01, 0x05])
        }
    }
}
