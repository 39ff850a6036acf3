import HCI
import Host

/// An L2CAP B-frame on the ATT channel carrying `count` bytes that count up from `seed`, for
/// exchanging data whose integrity the receiver can check.
func testFrame(payloadCount count: Int, seed: UInt8) -> [UInt8] {
    let payload = (0..<count).map { seed &+ UInt8(truncatingIfNeeded: $0) }
    return [UInt8(count & 0xFF), UInt8(count >> 8), 0x04, 0x00] + payload
}

/// Receives ACL fragments on `handle` until one whole B-frame has arrived, and returns it.
func receiveFrame(on channel: ControllerChannel, handle: ConnectionHandle) async throws -> [UInt8] {
    var frame: [UInt8] = []
    while true {
        let packet = try await channel.receiveACL()
        guard packet.handle == handle else { continue }
        frame = packet.boundary.isFirst ? packet.data : frame + packet.data
        if frame.count >= 4, frame.count >= 4 + (Int(frame[0]) | Int(frame[1]) << 8) {
            return frame
        }
    }
}
