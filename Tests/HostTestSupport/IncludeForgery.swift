import Synchronization

/// A peer's rewriting of its include declarations into a cycle, for a peer whose one 128-bit primary service
/// includes a secondary service with a 16-bit UUID: the secondary service is made to include itself, or the
/// primary service back. Hand ``rewrite(channel:payload:)`` to a ``TamperingTransport``.
///
/// It watches the peer's answers to learn the handles: the Read By Group Type Response gives the primary
/// service's range (its UUID is 128-bit), the primary service's Read By Type Response the secondary service's
/// include declaration. The secondary service's honest answer to its own include search (Attribute Not Found at
/// its first handle) is then replaced with the forged include.
public final class IncludeForgery: Sendable {
    /// The cycle the peer makes.
    public enum Cycle: String, CaseIterable, Sendable {
        case selfInclusion = "a service that includes itself"
        case mutualInclusion = "two services that include each other"
    }

    private struct Learned {
        var primary: (start: [UInt8], end: [UInt8])?
        var included: (start: [UInt8], end: [UInt8], uuid: [UInt8])?
    }

    private let cycle: Cycle
    private let learned = Mutex(Learned())

    /// Makes the rewriting for `cycle`.
    public init(_ cycle: Cycle) {
        self.cycle = cycle
    }

    /// The rewrite of one PDU the peer sends on `channel`, or nil to send it unchanged.
    public func rewrite(channel: UInt16, payload: [UInt8]) -> [UInt8]? {
        guard channel == 0x0004, payload.count >= 2 else { return nil }
        return learned.withLock { learned -> [UInt8]? in
            switch payload[0] {
            case 0x11 where payload[1] == 20 && payload.count >= 22:
                learned.primary = (Array(payload[2..<4]), Array(payload[4..<6]))
            case 0x09 where payload[1] == 8 && payload.count >= 10 && learned.included == nil:
                learned.included = (Array(payload[4..<6]), Array(payload[6..<8]), Array(payload[8..<10]))
            case 0x01 where payload.count == 5 && payload[1] == 0x08 && payload[4] == 0x0A:
                guard let included = learned.included, Array(payload[2..<4]) == included.start else { return nil }
                switch cycle {
                case .selfInclusion:
                    return [0x09, 8] + included.start + included.start + included.end + included.uuid
                case .mutualInclusion:
                    guard let primary = learned.primary else { return nil }
                    return [0x09, 6] + included.start + primary.start + primary.end
                }
            default: break
            }
            return nil
        }
    }
}
