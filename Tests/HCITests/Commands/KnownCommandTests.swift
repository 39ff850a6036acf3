import Testing

@testable import HCI

@Suite("Command registry", .timeLimit(.minutes(2)))
struct KnownCommandTests {
    @Test("an opcode the registry does not know stays unknown with its bytes intact")
    func unknownOpcode() throws {
        let channelClassification = HCICommandPacket(
            opcode: HCIOpcode(ogf: 0x08, ocf: 0x0014), parameters: [0xFF, 0xFF, 0xFF, 0xFF, 0x1F])
        let vendor = HCICommandPacket(opcode: HCIOpcode(ogf: 0x3F, ocf: 0x0001), parameters: [])
        for packet in [channelClassification, vendor] {
            let known = try KnownCommand(packet)
            #expect(known == .unknown(packet))
            #expect(known.packet == packet)
        }
    }

    @Test("a known opcode with malformed parameters throws instead of becoming unknown")
    func malformedKnownCommand() {
        #expect(throws: DecodeError.truncated(needed: 1, available: 0)) {
            try KnownCommand(HCICommandPacket(opcode: DisconnectCommand.opcode, parameters: [0x01, 0x00]))
        }
        #expect(throws: DecodeError.trailingBytes(count: 1)) {
            try KnownCommand(HCICommandPacket(opcode: ResetCommand.opcode, parameters: [0x00]))
        }
    }

    @Test("a command answered by Command Status encodes to its packet like any other")
    func asyncCommandPacket() {
        let command = DisconnectCommand(
            handle: ConnectionHandle(rawValue: 0x0001), reason: .remoteUserTerminatedConnection)
        let packet = HCICommandPacket(command)
        #expect(packet.opcode == HCIOpcode(rawValue: 0x0406))
        #expect(packet.parameters == [0x01, 0x00, 0x13])
        #expect(packet.encoded == [0x06, 0x04, 0x03, 0x01, 0x00, 0x13])
    }
}
