import Testing

@testable import HCI

@Suite("LE extended scanning and connection commands", .timeLimit(.minutes(2)))
struct ExtendedScanningCommandTests {
    @Test("LE Set Extended Scan Parameters (Vol 4 Part E 7.8.64) has one interleaved entry per PHY bit")
    func leSetExtendedScanParameters() throws {
        try expectCommandCodec(
            LESetExtendedScanParametersCommand(
                ownAddressType: .random, scanningFilterPolicy: 0x00, scanningPHYs: [.le1M, .leCoded],
                phys: [
                    .init(scanType: .active, scanInterval: 0x0060, scanWindow: 0x0030),
                    .init(scanType: .passive, scanInterval: 0x0120, scanWindow: 0x0090),
                ]),
            opcode: 0x2041, parameters: "01 00 05 01 60 00 30 00 00 20 01 90 00",
            known: KnownCommand.leSetExtendedScanParameters)
    }

    @Test("LE Set Extended Scan Parameters with no PHYs has no entries")
    func leSetExtendedScanParametersNoPHYs() throws {
        try expectCommandCodec(
            LESetExtendedScanParametersCommand(
                ownAddressType: .public, scanningFilterPolicy: 0x00, scanningPHYs: [], phys: []),
            opcode: 0x2041, parameters: "00 00 00", known: KnownCommand.leSetExtendedScanParameters)
    }

    @Test("LE Set Extended Scan Parameters whose entries do not match the PHY bits are rejected")
    func extendedScanPHYCountMismatch() {
        #expect(throws: DecodeError.truncated(needed: 1, available: 0)) {
            try LESetExtendedScanParametersCommand(decoding: [0x01, 0x00, 0x05, 0x01, 0x60, 0x00, 0x30, 0x00])
        }
        #expect(throws: DecodeError.trailingBytes(count: 5)) {
            try LESetExtendedScanParametersCommand(
                decoding: [0x01, 0x00, 0x01, 0x01, 0x60, 0x00, 0x30, 0x00, 0x00, 0x20, 0x01, 0x90, 0x00])
        }
    }

    @Test("LE Set Extended Scan Enable (7.8.65) carries enable, filter duplicates, duration, period")
    func leSetExtendedScanEnable() throws {
        try expectCommandCodec(
            LESetExtendedScanEnableCommand(enable: true, filterDuplicates: 1, duration: 0x01F4, period: 0),
            opcode: 0x2042, parameters: "01 01 f4 01 00 00", known: KnownCommand.leSetExtendedScanEnable)
        #expect(throws: DecodeError.invalidValue(field: "Enable", raw: 2)) {
            try LESetExtendedScanEnableCommand(decoding: [0x02, 0x01, 0xF4, 0x01, 0x00, 0x00])
        }
    }

    @Test("LE Extended Create Connection v1 (7.8.66) has one interleaved 16-byte entry per PHY bit")
    func leExtendedCreateConnection() throws {
        try expectCommandCodec(
            LEExtendedCreateConnectionCommand(
                initiatorFilterPolicy: 0x00, ownAddressType: .public, peerAddressType: .random,
                peerAddress: try #require(BluetoothAddress("C0:11:22:33:44:55")), initiatingPHYs: [.le1M, .le2M],
                phys: [
                    .init(
                        scanInterval: 0x0060, scanWindow: 0x0060, connectionIntervalMin: 0x0018,
                        connectionIntervalMax: 0x0028, maxLatency: 0, supervisionTimeout: 0x01F4, minCELength: 0,
                        maxCELength: 0),
                    .init(
                        scanInterval: 0, scanWindow: 0, connectionIntervalMin: 0x0010, connectionIntervalMax: 0x0020,
                        maxLatency: 1, supervisionTimeout: 0x0064, minCELength: 2, maxCELength: 4),
                ]),
            opcode: 0x2043,
            parameters: """
                00 00 01 55 44 33 22 11 c0 03 \
                60 00 60 00 18 00 28 00 00 00 f4 01 00 00 00 00 \
                00 00 00 00 10 00 20 00 01 00 64 00 02 00 04 00
                """,
            known: KnownCommand.leExtendedCreateConnection)
    }
}
