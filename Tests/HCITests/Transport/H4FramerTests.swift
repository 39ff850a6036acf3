import Testing

@testable import HCI

@Suite("H4 framer", .timeLimit(.minutes(2)))
struct H4FramerTests {
    private let packets =
        TransportFixtures.varied(count: 50) + [
            TransportFixtures.reset, TransportFixtures.resetComplete, TransportFixtures.aclData,
        ]

    private var stream: [UInt8] { packets.flatMap(\.encoded) }

    @Test("packets fed one byte at a time come out whole and in order")
    func byteAtATime() throws {
        var framer = H4Framer()
        var received: [HCIPacket] = []
        for byte in stream {
            received += try framer.append([byte])
        }
        #expect(received == packets)
        #expect(framer.state == .awaitingIndicator)
    }

    @Test("many packets coalesced into one read all come out")
    func coalesced() throws {
        var framer = H4Framer()
        #expect(try framer.append(stream) == packets)
    }

    @Test("a packet split across reads waits for its last byte", arguments: [1, 2, 3, 4, 5, 10])
    func split(at cut: Int) throws {
        let bytes = TransportFixtures.aclData.encoded
        var framer = H4Framer()
        #expect(try framer.append(bytes[..<cut]).isEmpty)
        #expect(framer.state != .awaitingIndicator)
        #expect(try framer.append(bytes[cut...]) == [TransportFixtures.aclData])
    }

    @Test("reads cut at every offset of a stream give the same packets")
    func everyCut() throws {
        let bytes = stream
        for cut in stride(from: 0, through: bytes.count, by: 7) {
            var framer = H4Framer()
            let received = try framer.append(bytes[..<cut]) + framer.append(bytes[cut...])
            #expect(received == packets)
        }
    }

    @Test("packets with empty payloads complete at the end of their header")
    func emptyPayloads() throws {
        var framer = H4Framer()
        #expect(try framer.append([0x01, 0x03, 0x0C, 0x00]) == [TransportFixtures.reset])
        #expect(
            try framer.append([0x04, 0xFF, 0x00]) == [
                .event(HCIEventPacket(code: HCIEventCode(rawValue: 0xFF), parameters: []))
            ])
    }

    @Test("an unknown indicator byte is a framing error naming the byte, and the framer stays failed")
    func unknownIndicator() throws {
        var framer = H4Framer()
        let expected = TransportError.framing("unknown H4 packet indicator 0x07")
        #expect(throws: expected) { try framer.append([0x07, 0x01, 0x02]) }
        #expect(throws: expected) { try framer.append(TransportFixtures.reset.encoded) }
        #expect(throws: expected) { try framer.append([]) }
        #expect(expected.description == "HCI framing error: unknown H4 packet indicator 0x07")
    }

    @Test("an ACL packet declaring more than the bound is refused before its payload arrives")
    func oversizedACL() {
        var framer = H4Framer(limits: H4Framer.Limits(aclData: 1024))
        #expect(throws: TransportError.framing("ACL data packet declares 1025 bytes, more than the 1024 allowed")) {
            try framer.append([0x02, 0x40, 0x00, 0x01, 0x04])
        }
        #expect(throws: TransportError.self) { try framer.append(TransportFixtures.reset.encoded) }
    }

    @Test("the default bound accepts 4096 bytes of ACL data and refuses 4097")
    func defaultACLBound() throws {
        let largest = HCIPacket.acl(
            ACLDataPacket(
                handle: ConnectionHandle(rawValue: 1), boundary: .firstFlushable,
                data: Array(repeating: 0xAB, count: 4096)))
        var framer = H4Framer()
        #expect(try framer.append(largest.encoded) == [largest])
        #expect(throws: TransportError.framing("ACL data packet declares 4097 bytes, more than the 4096 allowed")) {
            try framer.append([0x02, 0x01, 0x00, 0x01, 0x10])
        }
    }

    @Test("lowered event and command bounds are enforced")
    func loweredBounds() {
        var events = H4Framer(limits: H4Framer.Limits(eventParameters: 10))
        #expect(throws: TransportError.framing("event packet declares 11 bytes, more than the 10 allowed")) {
            try events.append([0x04, 0x0E, 0x0B])
        }
        var commands = H4Framer(limits: H4Framer.Limits(commandParameters: 0))
        #expect(throws: TransportError.framing("command packet declares 1 bytes, more than the 0 allowed")) {
            try commands.append([0x01, 0x03, 0x0C, 0x01])
        }
    }

    @Test("an ISO packet's length uses only the low 14 bits of its length field")
    func isoLength() throws {
        var framer = H4Framer()
        #expect(
            try framer.append([0x05, 0x01, 0x00, 0x02, 0xC0, 0xAA, 0xBB]) == [
                .iso([0x01, 0x00, 0x02, 0xC0, 0xAA, 0xBB])
            ])
    }
}
