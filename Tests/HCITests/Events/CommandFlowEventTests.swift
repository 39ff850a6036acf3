import Testing

@testable import HCI

@Suite("Command flow events (Command Complete, Command Status, Number Of Completed Packets)", .timeLimit(.minutes(2)))
struct CommandFlowEventTests {
    @Test("Command Complete for Reset carries credits, opcode 0x0C03 and Status (Vol 4, Part E, 7.7.14)")
    func commandCompleteReset() throws {
        let event = CommandCompleteEvent(
            numHCICommandPackets: 1, opcode: HCIOpcode(ogf: 0x03, ocf: 0x0003), returnParameters: [0x00])
        try assertEventCodec(event, packet: "0E 04 01 03 0C 00", known: .commandComplete(event), opaqueTailFrom: 3)
    }

    @Test("Command Complete for Read BD_ADDR puts the address after Status, least significant byte first")
    func commandCompleteReadBDADDR() throws {
        let address = try #require(BluetoothAddress("C0:11:22:33:44:55"))
        let event = CommandCompleteEvent(
            numHCICommandPackets: 1, answering: ReadBDADDRCommand.self, returning: .init(address: address))
        try assertEventCodec(
            event, packet: "0E 0A 01 09 10 00 55 44 33 22 11 C0", known: .commandComplete(event), opaqueTailFrom: 3)
        #expect(event.status == .success)
    }

    @Test("Command Status acknowledges LE Create Connection (Vol 4, Part E, 7.7.15)")
    func commandStatus() throws {
        let event = CommandStatusEvent(status: .success, numHCICommandPackets: 1, opcode: HCIOpcode(rawValue: 0x200D))
        try assertEventCodec(event, packet: "0F 04 00 01 0D 20", known: .commandStatus(event))
    }

    @Test("Number Of Completed Packets with one connection (Vol 4, Part E, 7.7.19)")
    func completedPacketsOne() throws {
        let event = NumberOfCompletedPacketsEvent(entries: [
            .init(handle: ConnectionHandle(rawValue: 0x0040), completedPackets: 3)
        ])
        try assertEventCodec(event, packet: "13 05 01 40 00 03 00", known: .numberOfCompletedPackets(event))
    }

    @Test("Number Of Completed Packets with two connections interleaves handle and count per entry")
    func completedPacketsTwo() throws {
        let event = NumberOfCompletedPacketsEvent(entries: [
            .init(handle: ConnectionHandle(rawValue: 0x0040), completedPackets: 2),
            .init(handle: ConnectionHandle(rawValue: 0x0041), completedPackets: 1),
        ])
        try assertEventCodec(
            event, packet: "13 09 02 40 00 02 00 41 00 01 00", known: .numberOfCompletedPackets(event))
    }
}
