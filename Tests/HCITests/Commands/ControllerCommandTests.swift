import Testing

@testable import HCI

@Suite("Controller, information and link control commands", .timeLimit(.minutes(2)))
struct ControllerCommandTests {
    @Test("Reset (Vol 4 Part E 7.3.2) has no parameters and returns only its status")
    func reset() throws {
        try expectCommandCodec(ResetCommand(), opcode: 0x0C03, parameters: "", known: KnownCommand.reset)
    }

    @Test("Set Event Mask (7.3.1) carries the 64-bit mask little-endian")
    func setEventMask() throws {
        try expectCommandCodec(
            SetEventMaskCommand(eventMask: 0x2000_8000_0200_8090), opcode: 0x0C01,
            parameters: "90 80 00 02 00 80 00 20", known: KnownCommand.setEventMask)
    }

    @Test("Write LE Host Support (7.3.79) carries LE_Supported_Host then the unused byte")
    func writeLEHostSupport() throws {
        try expectCommandCodec(
            WriteLEHostSupportCommand(leSupportedHost: true, simultaneousLEHost: 0), opcode: 0x0C6D,
            parameters: "01 00", known: KnownCommand.writeLEHostSupport)
    }

    @Test("Read Local Version Information (7.4.1) returns versions, company and subversions")
    func readLocalVersionInformation() throws {
        try expectCommandCodec(
            ReadLocalVersionInformationCommand(), opcode: 0x1001, parameters: "",
            known: KnownCommand.readLocalVersionInformation)
        try expectReturnParametersCodec(
            ReadLocalVersionInformationCommand.ReturnParameters(
                hciVersion: 0x0D, hciSubversion: 0x1234, lmpVersion: 0x0D, companyIdentifier: 0x05F1,
                lmpSubversion: 0xABCD),
            "0d 34 12 0d f1 05 cd ab")
    }

    @Test("Read Local Supported Commands (7.4.2) returns a 64-octet table queried by octet and bit")
    func readLocalSupportedCommands() throws {
        try expectCommandCodec(
            ReadLocalSupportedCommandsCommand(), opcode: 0x1002, parameters: "",
            known: KnownCommand.readLocalSupportedCommands)
        var table = [UInt8](repeating: 0, count: 64)
        table[0] = 0x20
        table[5] = 0xC0
        table[63] = 0x01
        let returned = ReadLocalSupportedCommandsCommand.ReturnParameters(supportedCommands: table)
        try expectReturnParametersCodec(
            returned, "20 00 00 00 00 c0" + String(repeating: " 00", count: 57) + " 01")
        #expect(returned.supports(octet: 0, bit: 5))
        #expect(returned.supports(octet: 5, bit: 7))
        #expect(returned.supports(octet: 63, bit: 0))
        #expect(!returned.supports(octet: 5, bit: 5))
        #expect(!returned.supports(octet: 64, bit: 0))
        #expect(!returned.supports(octet: -1, bit: 0))
        #expect(!returned.supports(octet: 0, bit: 8))
    }

    @Test("Read Local Supported Features (7.4.3) returns the 8-octet LMP feature mask")
    func readLocalSupportedFeatures() throws {
        try expectCommandCodec(
            ReadLocalSupportedFeaturesCommand(), opcode: 0x1003, parameters: "",
            known: KnownCommand.readLocalSupportedFeatures)
        try expectReturnParametersCodec(
            ReadLocalSupportedFeaturesCommand.ReturnParameters(lmpFeatures: 0x0000_0040_0000_0001),
            "01 00 00 00 40 00 00 00")
    }

    @Test("Read BD_ADDR (7.4.6) returns the address least significant byte first")
    func readBDADDR() throws {
        try expectCommandCodec(ReadBDADDRCommand(), opcode: 0x1009, parameters: "", known: KnownCommand.readBDADDR)
        try expectReturnParametersCodec(
            ReadBDADDRCommand.ReturnParameters(address: try #require(BluetoothAddress("C0:11:22:33:44:55"))),
            "55 44 33 22 11 c0")
    }

    @Test("Read Buffer Size (7.4.5) returns the shared ACL and synchronous buffers")
    func readBufferSize() throws {
        try expectCommandCodec(
            ReadBufferSizeCommand(), opcode: 0x1005, parameters: "", known: KnownCommand.readBufferSize)
        try expectReturnParametersCodec(
            ReadBufferSizeCommand.ReturnParameters(
                aclDataPacketLength: 0x03FD, synchronousDataPacketLength: 0x40, totalNumACLDataPackets: 0x0008,
                totalNumSynchronousDataPackets: 0x0002),
            "fd 03 40 08 00 02 00")
    }

    @Test("Read RSSI (7.5.4) takes a handle and returns it with a signed RSSI")
    func readRSSI() throws {
        try expectCommandCodec(
            ReadRSSICommand(handle: ConnectionHandle(rawValue: 0x0040)), opcode: 0x1405, parameters: "40 00",
            known: KnownCommand.readRSSI)
        try expectReturnParametersCodec(
            ReadRSSICommand.ReturnParameters(handle: ConnectionHandle(rawValue: 0x0040), rssi: -60), "40 00 c4")
    }

    @Test("Read Transmit Power Level (7.3.35) takes a handle and current or maximum; returns a signed level")
    func readTransmitPowerLevel() throws {
        try expectCommandCodec(
            ReadTransmitPowerLevelCommand(handle: ConnectionHandle(rawValue: 0x0040), level: .maximum), opcode: 0x0C2D,
            parameters: "40 00 01", known: KnownCommand.readTransmitPowerLevel)
        try expectReturnParametersCodec(
            ReadTransmitPowerLevelCommand.ReturnParameters(handle: ConnectionHandle(rawValue: 0x0040), level: -4),
            "40 00 fc")
        #expect(throws: DecodeError.self) {
            try ReadTransmitPowerLevelCommand(decoding: [0x40, 0x00, 0x02])
        }
    }

    @Test("Read Remote Version Information (7.1.23) takes a connection handle")
    func readRemoteVersionInformation() throws {
        try expectCommandCodec(
            ReadRemoteVersionInformationCommand(handle: ConnectionHandle(rawValue: 0x0001)), opcode: 0x041D,
            parameters: "01 00", known: KnownCommand.readRemoteVersionInformation)
    }

    @Test("Disconnect (7.1.6) carries the handle then the reason")
    func disconnect() throws {
        try expectCommandCodec(
            DisconnectCommand(handle: ConnectionHandle(rawValue: 0x0EFF), reason: .remoteUserTerminatedConnection),
            opcode: 0x0406, parameters: "ff 0e 13", known: KnownCommand.disconnect)
    }

    @Test("a connection handle above 0x0EFF is rejected")
    func handleOutOfRange() {
        #expect(throws: DecodeError.invalidValue(field: "Connection_Handle", raw: 0x0F00)) {
            try DisconnectCommand(decoding: [0x00, 0x0F, 0x13])
        }
    }

    @Test("LE_Supported_Host other than 0 or 1 is rejected")
    func invalidLESupportedHost() {
        #expect(throws: DecodeError.invalidValue(field: "LE_Supported_Host", raw: 2)) {
            try WriteLEHostSupportCommand(decoding: [0x02, 0x00])
        }
    }
}
