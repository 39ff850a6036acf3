/// The device name an advertisement carries, whole or cut short to fit.
///
/// Core Specification Supplement, Part A, 1.2.
public struct LocalName: Hashable, Sendable {
    /// The name, or its first characters when ``isComplete`` is false.
    public var name: String
    /// Whether the name is whole (Complete Local Name) rather than shortened.
    public var isComplete: Bool

    /// Makes a local name.
    public init(_ name: String, isComplete: Bool = true) {
        self.name = name
        self.isComplete = isComplete
    }
}
