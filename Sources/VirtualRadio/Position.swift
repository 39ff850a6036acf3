/// Where a virtual controller sits on the simulated air, in metres.
public struct Position: Hashable, Sendable {
    /// East-west coordinate, in metres.
    public var x: Double
    /// North-south coordinate, in metres.
    public var y: Double

    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    /// The origin, where every controller starts unless configured otherwise.
    public static let origin = Position(x: 0, y: 0)

    /// The straight-line distance to another position, in metres.
    public func distance(to other: Position) -> Double {
        let dx = x - other.x
        let dy = y - other.y
        return (dx * dx + dy * dy).squareRoot()
    }
}
