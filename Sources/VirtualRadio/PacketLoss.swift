/// The air's seeded loss model: each packet of a connection event is lost with the same probability,
/// drawn from a generator of its own so that a run repeats exactly.
///
/// The link layer retransmits what was not acknowledged, so loss only delays data; total loss (a rate of 1)
/// ends every link by supervision timeout.
struct PacketLoss {
    /// The probability, 0 to 1, that one packet is not received.
    let rate: Double
    private var generator: SeededGenerator

    init(rate: Double, seed: UInt64) {
        self.rate = min(max(rate, 0), 1)
        generator = SeededGenerator(seed: seed ^ 0x4C05_5000)
    }

    /// Whether the next packet is lost.
    mutating func lost() -> Bool {
        guard rate > 0 else { return false }
        return Double.random(in: 0..<1, using: &generator) < rate
    }
}
