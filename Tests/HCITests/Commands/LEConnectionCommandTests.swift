import Testing

@testable import HCI

@Suite("LE connection, data length, PHY and encryption commands", .timeLimit(.minutes(2)))
struct LEConnectionCommandTests {
    let handle = ConnectionHandle(rawValue: 0x0001)

    @Test("LE Create Connection (Vol 4 Part E 7.8.12) lays out its 25 bytes in spec order")
    func leCreateConnection() throws {
        try expectCommandCodec(
            LECreateConnectionCommand(
                scanInterval: 0x0060, scanWindow: 0x0030, initiatorFilterPolicy: 0x00, peerAddressType: .random,
                peerAddress: try #require(BluetoothAddress("C0:11:22:33:44:55")), ownAddressType: .public,
                connectionIntervalMin: 0x0018, connectionIntervalMax: 0x0028, maxLatency: 0,
                supervisionTimeout: 0x01F4, minCELength: 0, maxCELength: 0),
            opcode: 0x200D,
            parameters: "60 00 30 00 00 01 55 44 33 22 11 c0 00 18 00 28 00 00 00 f4 01 00 00 00 00",
            known: KnownCommand.leCreateConnection)
    }

    @Test("LE Create Connection Cancel (7.8.13) has no parameters")
    func leCreateConnectionCancel() throws {
        try expectCommandCodec(
            LECreateConnectionCancelCommand(), opcode: 0x200E, parameters: "",
            known: KnownCommand.leCreateConnectionCancel)
    }

    @Test("LE Connection Update (7.8.18) carries the handle and six timing parameters")
    func leConnectionUpdate() throws {
        try expectCommandCodec(
            LEConnectionUpdateCommand(
                handle: handle, connectionIntervalMin: 6, connectionIntervalMax: 12, maxLatency: 4,
                supervisionTimeout: 0x0064, minCELength: 2, maxCELength: 4),
            opcode: 0x2013, parameters: "01 00 06 00 0c 00 04 00 64 00 02 00 04 00",
            known: KnownCommand.leConnectionUpdate)
    }

    @Test("LE Read Remote Features (7.8.21) takes a connection handle")
    func leReadRemoteFeatures() throws {
        try expectCommandCodec(
            LEReadRemoteFeaturesCommand(handle: ConnectionHandle(rawValue: 0x0002)), opcode: 0x2016,
            parameters: "02 00", known: KnownCommand.leReadRemoteFeatures)
    }

    @Test("LE Remote Connection Parameter Request Reply (7.8.31) carries the accepted parameters")
    func leRemoteConnectionParameterRequestReply() throws {
        let handle = ConnectionHandle(rawValue: 0x0003)
        try expectCommandCodec(
            LERemoteConnectionParameterRequestReplyCommand(
                handle: handle, intervalMin: 0x0010, intervalMax: 0x0020, maxLatency: 0, timeout: 0x0190,
                minCELength: 0, maxCELength: 0x0010),
            opcode: 0x2020, parameters: "03 00 10 00 20 00 00 00 90 01 00 00 10 00",
            known: KnownCommand.leRemoteConnectionParameterRequestReply)
        try expectReturnParametersCodec(
            LERemoteConnectionParameterRequestReplyCommand.ReturnParameters(handle: handle), "03 00")
    }

    @Test("LE Remote Connection Parameter Request Negative Reply (7.8.32) carries handle and reason")
    func leRemoteConnectionParameterRequestNegativeReply() throws {
        let handle = ConnectionHandle(rawValue: 0x0003)
        try expectCommandCodec(
            LERemoteConnectionParameterRequestNegativeReplyCommand(
                handle: handle, reason: .unacceptableConnectionParameters),
            opcode: 0x2021, parameters: "03 00 3b", known: KnownCommand.leRemoteConnectionParameterRequestNegativeReply)
        try expectReturnParametersCodec(
            LERemoteConnectionParameterRequestNegativeReplyCommand.ReturnParameters(handle: handle), "03 00")
    }

    @Test("LE Set Data Length (7.8.33) carries handle, octets and time and returns the handle")
    func leSetDataLength() throws {
        try expectCommandCodec(
            LESetDataLengthCommand(handle: handle, txOctets: 251, txTime: 2120), opcode: 0x2022,
            parameters: "01 00 fb 00 48 08", known: KnownCommand.leSetDataLength)
        try expectReturnParametersCodec(LESetDataLengthCommand.ReturnParameters(handle: handle), "01 00")
    }

    @Test("LE Read Suggested Default Data Length (7.8.34) returns octets then time")
    func leReadSuggestedDefaultDataLength() throws {
        try expectCommandCodec(
            LEReadSuggestedDefaultDataLengthCommand(), opcode: 0x2023, parameters: "",
            known: KnownCommand.leReadSuggestedDefaultDataLength)
        try expectReturnParametersCodec(
            LEReadSuggestedDefaultDataLengthCommand.ReturnParameters(suggestedMaxTxOctets: 27, suggestedMaxTxTime: 328),
            "1b 00 48 01")
    }

    @Test("LE Write Suggested Default Data Length (7.8.35) carries octets then time")
    func leWriteSuggestedDefaultDataLength() throws {
        try expectCommandCodec(
            LEWriteSuggestedDefaultDataLengthCommand(suggestedMaxTxOctets: 251, suggestedMaxTxTime: 2120),
            opcode: 0x2024, parameters: "fb 00 48 08", known: KnownCommand.leWriteSuggestedDefaultDataLength)
    }

    @Test("LE Read Maximum Data Length (7.8.46) returns transmit then receive limits")
    func leReadMaximumDataLength() throws {
        try expectCommandCodec(
            LEReadMaximumDataLengthCommand(), opcode: 0x202F, parameters: "",
            known: KnownCommand.leReadMaximumDataLength)
        try expectReturnParametersCodec(
            LEReadMaximumDataLengthCommand.ReturnParameters(
                supportedMaxTxOctets: 251, supportedMaxTxTime: 17040, supportedMaxRxOctets: 27,
                supportedMaxRxTime: 328),
            "fb 00 90 42 1b 00 48 01")
    }

    @Test("LE Read PHY (7.8.47) returns the handle, transmit PHY and receive PHY")
    func leReadPHY() throws {
        try expectCommandCodec(
            LEReadPHYCommand(handle: handle), opcode: 0x2030, parameters: "01 00", known: KnownCommand.leReadPHY)
        try expectReturnParametersCodec(
            LEReadPHYCommand.ReturnParameters(handle: handle, txPHY: .le2M, rxPHY: .leCoded), "01 00 02 03")
    }

    @Test("LE Set Default PHY (7.8.48) carries All_PHYs and two PHY masks")
    func leSetDefaultPHY() throws {
        try expectCommandCodec(
            LESetDefaultPHYCommand(allPHYs: 0x00, txPHYs: [.le1M, .le2M], rxPHYs: [.le1M, .le2M, .leCoded]),
            opcode: 0x2031, parameters: "00 03 07", known: KnownCommand.leSetDefaultPHY)
    }

    @Test("LE Set PHY (7.8.49) carries handle, masks and the 16-bit PHY options")
    func leSetPHY() throws {
        try expectCommandCodec(
            LESetPHYCommand(handle: handle, allPHYs: 0x00, txPHYs: .le2M, rxPHYs: .le2M, phyOptions: 0x0001),
            opcode: 0x2032, parameters: "01 00 00 02 02 01 00", known: KnownCommand.leSetPHY)
    }

    @Test("LE Enable Encryption (7.8.24) carries handle, Rand, EDIV and the key in wire order")
    func leEnableEncryption() throws {
        try expectCommandCodec(
            LEEnableEncryptionCommand(
                handle: ConnectionHandle(rawValue: 0x0040), randomNumber: 0xABCD_EF01_2345_6789,
                encryptedDiversifier: 0x1234, longTermKey: Array(0xF0...0xFF)),
            opcode: 0x2019,
            parameters: "40 00 89 67 45 23 01 ef cd ab 34 12 f0 f1 f2 f3 f4 f5 f6 f7 f8 f9 fa fb fc fd fe ff",
            known: KnownCommand.leEnableEncryption)
    }

    @Test("LE Long Term Key Request Reply (7.8.25) carries handle and key and returns the handle")
    func leLongTermKeyRequestReply() throws {
        let handle = ConnectionHandle(rawValue: 0x0040)
        try expectCommandCodec(
            LELongTermKeyRequestReplyCommand(handle: handle, longTermKey: Array(0x00...0x0F)), opcode: 0x201A,
            parameters: "40 00 00 01 02 03 04 05 06 07 08 09 0a 0b 0c 0d 0e 0f",
            known: KnownCommand.leLongTermKeyRequestReply)
        try expectReturnParametersCodec(LELongTermKeyRequestReplyCommand.ReturnParameters(handle: handle), "40 00")
    }

    @Test("LE Long Term Key Request Negative Reply (7.8.26) carries and returns the handle")
    func leLongTermKeyRequestNegativeReply() throws {
        let handle = ConnectionHandle(rawValue: 0x0040)
        try expectCommandCodec(
            LELongTermKeyRequestNegativeReplyCommand(handle: handle), opcode: 0x201B, parameters: "40 00",
            known: KnownCommand.leLongTermKeyRequestNegativeReply)
        try expectReturnParametersCodec(
            LELongTermKeyRequestNegativeReplyCommand.ReturnParameters(handle: handle), "40 00")
    }
}
