import Testing

@testable import HCI

@Suite("LE controller setup commands", .timeLimit(.minutes(2)))
struct LEControllerCommandTests {
    @Test("LE Set Event Mask (Vol 4 Part E 7.8.1) carries the 64-bit mask little-endian")
    func leSetEventMask() throws {
        try expectCommandCodec(
            LESetEventMaskCommand(leEventMask: 0x0000_0000_000F_FFFF), opcode: 0x2001,
            parameters: "ff ff 0f 00 00 00 00 00", known: KnownCommand.leSetEventMask)
    }

    @Test("LE Read Buffer Size v1 (7.8.2) returns the ACL length and count")
    func leReadBufferSize() throws {
        try expectCommandCodec(
            LEReadBufferSizeCommand(), opcode: 0x2002, parameters: "", known: KnownCommand.leReadBufferSize)
        try expectReturnParametersCodec(
            LEReadBufferSizeCommand.ReturnParameters(leACLDataPacketLength: 251, totalNumLEACLDataPackets: 8),
            "fb 00 08")
    }

    @Test("LE Read Buffer Size v2 (7.8.2) returns the ACL and ISO lengths and counts")
    func leReadBufferSizeV2() throws {
        try expectCommandCodec(
            LEReadBufferSizeV2Command(), opcode: 0x2060, parameters: "", known: KnownCommand.leReadBufferSizeV2)
        try expectReturnParametersCodec(
            LEReadBufferSizeV2Command.ReturnParameters(
                leACLDataPacketLength: 251, totalNumLEACLDataPackets: 12, isoDataPacketLength: 300,
                totalNumISODataPackets: 4),
            "fb 00 0c 2c 01 04")
    }

    @Test("LE Read Local Supported Features (7.8.3) returns the 8-octet LE feature mask")
    func leReadLocalSupportedFeatures() throws {
        try expectCommandCodec(
            LEReadLocalSupportedFeaturesCommand(), opcode: 0x2003, parameters: "",
            known: KnownCommand.leReadLocalSupportedFeatures)
        try expectReturnParametersCodec(
            LEReadLocalSupportedFeaturesCommand.ReturnParameters(
                leFeatures: [.encryption, .dataPacketLengthExtension, .le2MPHY, .extendedAdvertising]),
            "21 11 00 00 00 00 00 00")
    }

    @Test("LE Set Random Address (7.8.4) carries the address least significant byte first")
    func leSetRandomAddress() throws {
        try expectCommandCodec(
            LESetRandomAddressCommand(randomAddress: try #require(BluetoothAddress("C3:22:33:44:55:66"))),
            opcode: 0x2005, parameters: "66 55 44 33 22 c3", known: KnownCommand.leSetRandomAddress)
    }

    @Test("LE Rand (7.8.23) returns eight random bytes")
    func leRand() throws {
        try expectCommandCodec(LERandCommand(), opcode: 0x2018, parameters: "", known: KnownCommand.leRand)
        try expectReturnParametersCodec(
            LERandCommand.ReturnParameters(randomNumber: 0x0123_4567_89AB_CDEF), "ef cd ab 89 67 45 23 01")
    }

    @Test("LE Encrypt (7.8.22) carries the key then the plaintext and returns the ciphertext")
    func leEncrypt() throws {
        try expectCommandCodec(
            LEEncryptCommand(key: Array(0x00...0x0F), plaintextData: Array(0x10...0x1F)), opcode: 0x2017,
            parameters: """
                00 01 02 03 04 05 06 07 08 09 0a 0b 0c 0d 0e 0f \
                10 11 12 13 14 15 16 17 18 19 1a 1b 1c 1d 1e 1f
                """,
            known: KnownCommand.leEncrypt)
        try expectReturnParametersCodec(
            LEEncryptCommand.ReturnParameters(encryptedData: Array(0xA0...0xAF)),
            "a0 a1 a2 a3 a4 a5 a6 a7 a8 a9 aa ab ac ad ae af")
    }

    @Test("LE Read Supported States (7.8.27) returns the 8-octet state mask")
    func leReadSupportedStates() throws {
        try expectCommandCodec(
            LEReadSupportedStatesCommand(), opcode: 0x201C, parameters: "", known: KnownCommand.leReadSupportedStates)
        try expectReturnParametersCodec(
            LEReadSupportedStatesCommand.ReturnParameters(leStates: 0x0000_03FF_FFFF_FFFF), "ff ff ff ff ff 03 00 00")
    }
}
