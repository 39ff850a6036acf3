import HCI
import Host
import HostTestSupport
import Testing

@Suite("Writes without response on a congested link wait for room", .timeLimit(.minutes(1)))
struct HostWriteRoomTests {
    @Test("writes without response sent back to back past the link's backlog all arrive, whole and in order")
    func writesWaitForRoom() async throws {
        let pair = try await HostPair.make()
        let (link, peripheralLink) = try await pair.connect()
        let echo = GATTFixtures.handle(0x19)
        let values = (0..<200).map { [UInt8(truncatingIfNeeded: $0), UInt8(truncatingIfNeeded: $0 >> 8)] }
        let congested = try await pair.central.writeBackToBack(values, to: echo, on: link.handle)
        #expect(congested > 0, "the link never congested, so nothing waited")
        var received: [[UInt8]] = []
        for _ in values {
            received.append(
                try await pair.peripheralEvents.next { event -> [UInt8]? in
                    guard case .serverRequest(let request) = event, request.connection == peripheralLink.handle,
                        case .writeWithoutResponse(let write) = request.kind
                    else { return nil }
                    return write.value
                })
        }
        #expect(received == values)
        await pair.stop()
    }

    @Test("writes without response to a link that goes down end with an error, none left waiting for room")
    func waitingWritesEndOnDisconnection() async throws {
        let pair = try await HostPair.make()
        let (link, _) = try await pair.connect()
        let echo = GATTFixtures.handle(0x19)
        let writer = Task { () async -> HostError in
            do throws(HostError) {
                while true { try await pair.central.writeWithoutResponseWhenRoom([0x01], to: echo, on: link.handle) }
            } catch {
                return error
            }
        }
        try await pair.central.disconnect(link.handle)
        let error = await writer.value
        #expect(error == .notConnected(link.handle))
        await pair.stop()
    }
}

extension BluetoothHost {
    /// Sends `values` as writes without response without leaving the host between two (so that its controller's
    /// completions cannot come in between) unless a write waits for room; returns how many found the link congested.
    fileprivate func writeBackToBack(
        _ values: [[UInt8]], to attribute: AttributeHandle, on handle: ConnectionHandle
    ) async throws(HostError) -> Int {
        var congested = 0
        for value in values {
            if !canSendWriteWithoutResponse(on: handle) { congested += 1 }
            try await writeWithoutResponseWhenRoom(value, to: attribute, on: handle)
        }
        return congested
    }
}
