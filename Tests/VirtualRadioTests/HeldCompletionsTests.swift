import HCI
import Testing

@testable import VirtualRadio

@Suite("Number Of Completed Packets held back while a controller waits for more to send", .timeLimit(.minutes(2)))
struct HeldCompletionsTests {
    let clock = ManualClock()
    let air: Air

    init() {
        air = Air(clock: clock)
    }

    private func connectedPair() async throws -> (
        central: TestHost, peripheral: TestHost, handles: (central: ConnectionHandle, peripheral: ConnectionHandle)
    ) {
        let holding = VirtualControllerConfiguration(aclBufferCount: 8, completedPacketsDelay: .milliseconds(1))
        let central = try await TestHost.make(on: air, configuration: holding, randomAddress: Addresses.first)
        let peripheral = try await TestHost.make(on: air, configuration: holding, randomAddress: Addresses.second)
        return (central, peripheral, try await central.connect(to: peripheral))
    }

    private func data(_ byte: UInt8, on handle: ConnectionHandle) -> HCIPacket {
        .acl(ACLDataPacket(handle: handle, boundary: .firstNonFlushable, data: [byte]))
    }

    private func completions(in packets: [HCIPacket]) -> [NumberOfCompletedPacketsEvent.Entry] {
        packets.flatMap { packet -> [NumberOfCompletedPacketsEvent.Entry] in
            guard case .event(let raw) = packet, case .numberOfCompletedPackets(let event)? = try? KnownEvent(raw)
            else { return [] }
            return event.entries
        }
    }

    @Test("a lone packet's report waits, then goes out right after the next packet for its host")
    func ridesWithTheNextPacket() async throws {
        let (central, peripheral, handles) = try await connectedPair()
        try await central.send(data(1, on: handles.central))
        #expect(try await peripheral.expectACL().data == [1])
        #expect(completions(in: try await central.drain()).isEmpty)
        try await peripheral.send(data(2, on: handles.peripheral))
        let arrived = try await central.drain()
        guard arrived.count == 2, case .acl(let answer) = arrived[0] else {
            Issue.record("expected the answer, then the report: \(arrived)")
            return
        }
        #expect(answer.data == [2])
        #expect(completions(in: [arrived[1]]) == [.init(handle: handles.central, completedPackets: 1)])
    }

    @Test("with nothing else for its host, the report goes out when the delay ends")
    func reportedWhenTheDelayEnds() async throws {
        let (central, peripheral, handles) = try await connectedPair()
        try await central.send(data(1, on: handles.central))
        _ = try await peripheral.expectACL()
        #expect(completions(in: try await central.drain()).isEmpty)
        await clock.waitForSleepers(count: 1)
        clock.advance(by: .milliseconds(1))
        let entries = try await central.expect { event in
            if case .numberOfCompletedPackets(let event) = event { return event.entries }
            return nil
        }
        #expect(entries == [.init(handle: handles.central, completedPackets: 1)])
    }

    @Test("once a quarter of the buffers wait to be reported, they are reported at once")
    func aQuarterOfTheBuffersAtOnce() async throws {
        let (central, peripheral, handles) = try await connectedPair()
        try await central.send(data(1, on: handles.central))
        try await central.send(data(2, on: handles.central))
        #expect(try await peripheral.expectACL().data == [1])
        #expect(try await peripheral.expectACL().data == [2])
        #expect(completions(in: try await central.drain()) == [.init(handle: handles.central, completedPackets: 2)])
    }

    @Test("a report held for a link that ends is dropped with it: the host counts those packets flushed")
    func droppedWithTheLink() async throws {
        let (central, peripheral, handles) = try await connectedPair()
        try await central.send(data(1, on: handles.central))
        _ = try await peripheral.expectACL()
        _ = try await central.start(DisconnectCommand(handle: handles.central, reason: .remoteUserTerminatedConnection))
        _ = try await central.expectDisconnection()
        await clock.waitForSleepers(count: 1)
        clock.advance(by: .milliseconds(5))
        try await central.send(.command(HCICommandPacket(ReadBDADDRCommand())))
        _ = try await central.expect { event in
            if case .commandComplete(let complete) = event, complete.opcode == ReadBDADDRCommand.opcode { return true }
            return nil
        }
        #expect(completions(in: try await central.drain()).isEmpty)
    }
}
