import HCI
import Synchronization

/// A peer's controller transport that rewrites what the peer's host sends, as a hostile peer would: each L2CAP
/// PDU the host sends whole in one ACL packet goes through `tamper` (channel ID, payload), whose answer, when not
/// nil, leaves instead, in as many fragments as it needs. It also shows a test what the other device sends the
/// peer (``watch(with:)``), so that a test can check how the central answered.
public final class TamperingTransport: HCITransport {
    /// Rewrites one outgoing L2CAP PDU: nil sends it unchanged.
    public typealias Tamper = @Sendable (_ channel: UInt16, _ payload: [UInt8]) -> [UInt8]?
    /// Rewrites one outgoing L2CAP PDU into several sent in turn on the same channel (none drops it): nil sends it
    /// unchanged.
    public typealias Expand = @Sendable (_ channel: UInt16, _ payload: [UInt8]) -> [[UInt8]]?

    /// The most ACL payload one fragment carries.
    static let fragmentSize = 251

    /// Sees one L2CAP PDU the other device sent the peer (channel ID, payload).
    public typealias Watch = @Sendable (_ channel: UInt16, _ payload: [UInt8]) -> Void

    private let inner: any HCITransport
    private let tamper: Mutex<Expand?>
    private let watcher = Watcher()
    public let incoming: AsyncThrowingStream<HCIPacket, any Error>
    public var commandTimeout: Duration? { inner.commandTimeout }

    /// Wraps `inner`, rewriting nothing until ``tamper(with:)``.
    public init(wrapping inner: any HCITransport) {
        self.inner = inner
        tamper = Mutex(nil)
        let watcher = watcher
        let source = PacketSource(inner.incoming)
        incoming = AsyncThrowingStream(unfolding: {
            guard let packet = try await source.next() else { return nil }
            if let watch = watcher.watch.withLock({ $0 }), let pdu = TamperingTransport.wholePDU(in: packet) {
                watch(pdu.channel, pdu.payload)
            }
            return packet
        })
    }

    /// Hands each L2CAP PDU the other device sends whole in one ACL packet to `watch` from now on; nil stops.
    public func watch(with watch: Watch?) {
        watcher.watch.withLock { $0 = watch }
    }

    /// Where the watch is kept, shared with the incoming stream.
    private final class Watcher: Sendable {
        let watch = Mutex<Watch?>(nil)
    }

    /// Rewrites the host's PDUs with `tamper` from now on; nil stops rewriting.
    public func tamper(with tamper: Tamper?) {
        guard let tamper else { return expand(with: nil) }
        expand { channel, payload -> [[UInt8]]? in
            guard let replaced = tamper(channel, payload) else { return nil }
            return [replaced]
        }
    }

    /// Rewrites each of the host's PDUs into any number with `expand` from now on (e.g. an indication the host
    /// never made, sent just before its response); nil stops rewriting.
    public func expand(with expand: Expand?) {
        tamper.withLock { $0 = expand }
    }

    public func send(_ packet: HCIPacket) async throws(TransportError) {
        guard let rewrite = tamper.withLock({ $0 }), case .acl(let data) = packet,
            let pdu = Self.wholePDU(in: packet), let replaced = rewrite(pdu.channel, pdu.payload)
        else { return try await inner.send(packet) }
        for payload in replaced {
            try await sendFragments(of: Self.frame(payload, channel: pdu.channel), on: data.handle)
        }
    }

    /// The channel ID and payload of the L2CAP PDU `packet` carries whole, or nil for any other packet.
    private static func wholePDU(in packet: HCIPacket) -> (channel: UInt16, payload: [UInt8])? {
        guard case .acl(let data) = packet, data.boundary.isFirst, data.data.count >= 4 else { return nil }
        let length = Int(data.data[0]) | Int(data.data[1]) << 8
        guard data.data.count == 4 + length else { return nil }
        return (UInt16(data.data[2]) | UInt16(data.data[3]) << 8, Array(data.data[4...]))
    }

    public func close() async {
        await inner.close()
    }

    private static func frame(_ payload: [UInt8], channel: UInt16) -> [UInt8] {
        [UInt8(payload.count & 0xFF), UInt8(payload.count >> 8 & 0xFF), UInt8(channel & 0xFF), UInt8(channel >> 8)]
            + payload
    }

    private func sendFragments(of frame: [UInt8], on handle: ConnectionHandle) async throws(TransportError) {
        var offset = 0
        while offset < frame.count {
            let end = min(offset + Self.fragmentSize, frame.count)
            let boundary: ACLDataPacket.BoundaryFlag = offset == 0 ? .firstNonFlushable : .continuing
            try await inner.send(
                .acl(ACLDataPacket(handle: handle, boundary: boundary, data: Array(frame[offset..<end]))))
            offset = end
        }
    }
}
