import Glibc
import Testing

@testable import HCI

@Suite("File descriptor transport", .timeLimit(.minutes(2)))
struct FileDescriptorTransportTests {
    private func socketPair(_ type: __socket_type = SOCK_STREAM) throws -> (Int32, Int32) {
        var descriptors: [Int32] = [-1, -1]
        try #require(socketpair(AF_UNIX, Int32(type.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &descriptors) == 0)
        return (descriptors[0], descriptors[1])
    }

    @Test("a reader with a full queue pauses and resumes without losing or reordering packets")
    func backpressure() async throws {
        let (left, right) = try socketPair()
        let sender = try FileDescriptorTransport(adopting: left, name: "left")
        let receiver = try FileDescriptorTransport(adopting: right, name: "right", queueCapacity: 4)
        let packets = TransportFixtures.varied(count: 5000)
        async let sent: Void = { for packet in packets { try await sender.send(packet) } }()
        #expect(try await TransportFixtures.receive(packets.count, from: receiver) == packets)
        try await sent
        await sender.close()
        await receiver.close()
    }

    @Test("a batch sent at once is written whole and in order before the send returns")
    func batchInOneWrite() async throws {
        let (left, right) = try socketPair()
        let sender = try FileDescriptorTransport(adopting: left, name: "left")
        let packets = TransportFixtures.varied(count: 40)
        try await sender.send(contentsOf: packets)
        let expected = packets.flatMap(\.encoded)
        var buffer = [UInt8](repeating: 0, count: expected.count + 1)
        let count = buffer.withUnsafeMutableBytes { recv(right, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT)) }
        #expect(count == expected.count)
        #expect(Array(buffer.prefix(max(count, 0))) == expected)
        await sender.close()
        close(right)
    }

    @Test("a batch sent through a descriptor that takes one packet per write goes out one write per packet")
    func batchPerPacket() async throws {
        let (left, right) = try socketPair(SOCK_SEQPACKET)
        let sender = try FileDescriptorTransport(adopting: left, name: "left", framing: .packetPerWrite)
        let packets = TransportFixtures.varied(count: 40)
        try await sender.send(contentsOf: packets)
        var buffer = [UInt8](repeating: 0, count: 4096)
        for packet in packets {
            let count = buffer.withUnsafeMutableBytes { recv(right, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT)) }
            #expect(Array(buffer.prefix(max(count, 0))) == packet.encoded)
        }
        await sender.close()
        close(right)
    }

    @Test("bytes that are not H4 end incoming with a framing error and shut the transport down")
    func framingError() async throws {
        let (left, right) = try socketPair()
        let transport = try FileDescriptorTransport(adopting: right, name: "right")
        let garbage: [UInt8] = TransportFixtures.reset.encoded + [0x09, 0x00]
        try #require(write(left, garbage, garbage.count) == garbage.count)
        var received: [HCIPacket] = []
        await #expect(throws: TransportError.framing("unknown H4 packet indicator 0x09")) {
            for try await packet in transport.incoming { received.append(packet) }
        }
        #expect(received.isEmpty || received == [TransportFixtures.reset])
        await #expect(throws: TransportError.closed) { try await transport.send(TransportFixtures.resetComplete) }
        var byte: UInt8 = 0
        #expect(read(left, &byte, 1) == 0)
        close(left)
        await transport.close()
    }

    @Test("closing stops the I/O thread, finishes incoming and refuses later sends")
    func closeFinishes() async throws {
        let (left, right) = try socketPair()
        let transport = try FileDescriptorTransport(adopting: right, name: "right")
        await transport.close()
        for try await _ in transport.incoming { Issue.record("a closed transport received a packet") }
        await #expect(throws: TransportError.closed) { try await transport.send(TransportFixtures.reset) }
        var byte: UInt8 = 0
        #expect(read(left, &byte, 1) == 0)
        close(left)
    }
}
