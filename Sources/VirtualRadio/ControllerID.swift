/// Names one virtual controller on its air; identifiers are handed out in joining order.
public struct ControllerID: RawRepresentable, Hashable, Comparable, Sendable {
    public let rawValue: UInt64
    public init(rawValue: UInt64) { self.rawValue = rawValue }

    public static func < (lhs: ControllerID, rhs: ControllerID) -> Bool {
        lhs.rawValue < rhs.rawValue
    }
}

extension ControllerID: CustomStringConvertible {
    public var description: String { "controller \(rawValue)" }
}
