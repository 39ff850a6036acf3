/// Cuts a byte stream into H4 packets, however the bytes arrive: one at a time, split, or coalesced.
///
/// A pure state machine: it does no I/O and keeps at most one packet's bytes. Each packet kind has a
/// length bound; a packet declaring more, or a byte that is not an H4 packet indicator, is a framing
/// error, after which the framer refuses every further byte, as the stream is out of step for good.
///
/// Bluetooth Core Specification Vol 4, Part A, 2.
public struct H4Framer: Sendable {
    /// The largest payload accepted for each packet kind, so a peer cannot make the framer hold more.
    public struct Limits: Hashable, Sendable {
        /// Command parameters, at most 255 by the format.
        public var commandParameters: Int
        /// ACL data; the format allows 65535, the default bound is 4096.
        public var aclData: Int
        /// Synchronous data, at most 255 by the format.
        public var scoData: Int
        /// Event parameters, at most 255 by the format.
        public var eventParameters: Int
        /// ISO data; the format allows 16383, the default bound is 4096.
        public var isoData: Int

        /// Makes limits; the defaults accept every command, event and SCO packet and ACL or ISO data up to 4096 bytes.
        public init(
            commandParameters: Int = 255,
            aclData: Int = 4096,
            scoData: Int = 255,
            eventParameters: Int = 255,
            isoData: Int = 4096
        ) {
            self.commandParameters = commandParameters
            self.aclData = aclData
            self.scoData = scoData
            self.eventParameters = eventParameters
            self.isoData = isoData
        }
    }

    enum State: Equatable, Sendable {
        case awaitingIndicator
        case awaitingHeader(HCIPacket.Indicator, length: Int)
        case awaitingPayload(HCIPacket.Indicator, total: Int)
        case failed(TransportError)
    }

    /// The bounds this framer enforces.
    public let limits: Limits
    private(set) var state = State.awaitingIndicator
    private var packet: [UInt8] = []

    /// Makes a framer waiting for the first packet indicator.
    public init(limits: Limits = Limits()) {
        self.limits = limits
    }

    /// Takes the next received bytes and returns the packets they complete, in order.
    ///
    /// Throws ``TransportError/framing(_:)`` on an unknown indicator or an oversized packet, dropping
    /// any packet these bytes completed before the fault; every later call throws the same error.
    public mutating func append(_ bytes: some Collection<UInt8>) throws(TransportError) -> [HCIPacket] {
        if case .failed(let error) = state { throw error }
        var packets: [HCIPacket] = []
        var index = bytes.startIndex
        while index != bytes.endIndex {
            switch state {
            case .failed(let error):
                throw error
            case .awaitingIndicator:
                let indicator = HCIPacket.Indicator(rawValue: bytes[index])
                index = bytes.index(after: index)
                guard let headerLength = Self.headerLength(of: indicator) else {
                    throw fail("unknown H4 packet indicator \(Self.hex(indicator.rawValue))")
                }
                packet.removeAll(keepingCapacity: true)
                state = .awaitingHeader(indicator, length: headerLength)
            case .awaitingHeader(let indicator, let headerLength):
                index = take(from: bytes, at: index, upTo: headerLength)
                guard packet.count == headerLength else { continue }
                let (name, declared, limit) = payload(of: indicator)
                guard declared <= limit else {
                    throw fail("\(name) packet declares \(declared) bytes, more than the \(limit) allowed")
                }
                state = .awaitingPayload(indicator, total: headerLength + declared)
                if declared == 0 { packets.append(try complete(indicator)) }
            case .awaitingPayload(let indicator, let total):
                index = take(from: bytes, at: index, upTo: total)
                if packet.count == total { packets.append(try complete(indicator)) }
            }
        }
        return packets
    }

    private mutating func take<C: Collection<UInt8>>(from bytes: C, at index: C.Index, upTo count: Int) -> C.Index {
        let end = bytes.index(index, offsetBy: count - packet.count, limitedBy: bytes.endIndex) ?? bytes.endIndex
        packet.append(contentsOf: bytes[index..<end])
        return end
    }

    private mutating func complete(_ indicator: HCIPacket.Indicator) throws(TransportError) -> HCIPacket {
        state = .awaitingIndicator
        do {
            return try HCIPacket(indicator: indicator, body: packet)
        } catch {
            throw fail("malformed packet: \(error)")
        }
    }

    private mutating func fail(_ reason: String) -> TransportError {
        let error = TransportError.framing(reason)
        state = .failed(error)
        packet = []
        return error
    }

    private static func headerLength(of indicator: HCIPacket.Indicator) -> Int? {
        switch indicator {
        case .command, .sco: 3
        case .acl, .iso: 4
        case .event: 2
        default: nil
        }
    }

    private func payload(of indicator: HCIPacket.Indicator) -> (name: String, declared: Int, limit: Int) {
        switch indicator {
        case .command: ("command", Int(packet[2]), limits.commandParameters)
        case .acl: ("ACL data", Int(packet[2]) | Int(packet[3]) << 8, limits.aclData)
        case .sco: ("SCO data", Int(packet[2]), limits.scoData)
        case .event: ("event", Int(packet[1]), limits.eventParameters)
        default: ("ISO data", Int(packet[2]) | Int(packet[3] & 0x3F) << 8, limits.isoData)
        }
    }

    private static func hex(_ byte: UInt8) -> String {
        let digits = String(byte, radix: 16)
        return "0x" + (digits.count == 1 ? "0" + digits : digits)
    }
}
