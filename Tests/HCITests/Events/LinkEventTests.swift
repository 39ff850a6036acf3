import Testing

@testable import HCI

@Suite("Link events (disconnection, encryption, remote version, hardware error)", .timeLimit(.minutes(2)))
struct LinkEventTests {
    @Test("Disconnection Complete carries Status, handle and Reason (Vol 4, Part E, 7.7.5)")
    func disconnectionComplete() throws {
        let event = DisconnectionCompleteEvent(
            status: .success, handle: ConnectionHandle(rawValue: 0x0040), reason: .remoteUserTerminatedConnection)
        try assertEventCodec(event, packet: "05 04 00 40 00 13", known: .disconnectionComplete(event))
    }

    @Test("Encryption Change v1 carries Status, handle and Encryption_Enabled (Vol 4, Part E, 7.7.8)")
    func encryptionChange() throws {
        let event = EncryptionChangeEvent(
            status: .success, handle: ConnectionHandle(rawValue: 0x0040), encryptionEnabled: 0x01)
        try assertEventCodec(event, packet: "08 04 00 40 00 01", known: .encryptionChange(event))
    }

    @Test("Encryption Change v2 adds Encryption_Key_Size under event code 0x59 (Vol 4, Part E, 7.7.8)")
    func encryptionChangeV2() throws {
        let event = EncryptionChangeV2Event(
            status: .success, handle: ConnectionHandle(rawValue: 0x0040), encryptionEnabled: 0x01,
            encryptionKeySize: 16)
        try assertEventCodec(event, packet: "59 05 00 40 00 01 10", known: .encryptionChangeV2(event))
    }

    @Test("Encryption Key Refresh Complete carries Status and handle (Vol 4, Part E, 7.7.39)")
    func encryptionKeyRefreshComplete() throws {
        let event = EncryptionKeyRefreshCompleteEvent(status: .success, handle: ConnectionHandle(rawValue: 0x0040))
        try assertEventCodec(event, packet: "30 03 00 40 00", known: .encryptionKeyRefreshComplete(event))
    }

    @Test("Read Remote Version Information Complete carries version, company and subversion (Vol 4, Part E, 7.7.12)")
    func readRemoteVersionInformationComplete() throws {
        let event = ReadRemoteVersionInformationCompleteEvent(
            status: .success, handle: ConnectionHandle(rawValue: 0x0040), version: 0x0C, companyIdentifier: 0x0059,
            subversion: 0x1234)
        try assertEventCodec(
            event, packet: "0C 08 00 40 00 0C 59 00 34 12", known: .readRemoteVersionInformationComplete(event))
    }

    @Test("Hardware Error carries one Hardware_Code byte (Vol 4, Part E, 7.7.16)")
    func hardwareError() throws {
        let event = HardwareErrorEvent(hardwareCode: 0x2A)
        try assertEventCodec(event, packet: "10 01 2A", known: .hardwareError(event))
    }

    @Test("a failed event keeps a Connection_Handle the controller left out of range")
    func failedEventKeepsUnsetHandle() throws {
        let event = DisconnectionCompleteEvent(
            status: .unknownConnectionIdentifier, handle: ConnectionHandle(rawValue: 0xFFFF),
            reason: .unknownConnectionIdentifier)
        try assertEventCodec(event, packet: "05 04 02 FF FF 02", known: .disconnectionComplete(event))
    }

    @Test("a successful event with a Connection_Handle above 0x0EFF is invalid")
    func successfulEventRejectsOutOfRangeHandle() throws {
        #expect(throws: DecodeError.invalidValue(field: "Connection_Handle", raw: 0x0F00)) {
            try DisconnectionCompleteEvent(decoding: eventBytes("00 00 0F 13"))
        }
    }
}
