import Foundation

/// Turns the distance between two controllers into a received signal strength, by the log-distance path-loss model.
///
/// RSSI = reference power − 10 · exponent · log10(distance / 1 m) + noise, where the noise is uniform in
/// ±`noiseAmplitude` dB and drawn from the air's seeded generator, so a run is repeatable. Distances below
/// one metre count as one metre. The result is clamped to the HCI range −127...20 dBm.
public struct PathLossModel: Hashable, Sendable {
    /// Received power at one metre, in dBm.
    public var referencePower: Double
    /// How fast power falls with distance (2 in free space).
    public var exponent: Double
    /// The largest noise added to a reading, in dB.
    public var noiseAmplitude: Double
    /// The weakest signal a receiver still hears, in dBm; advertising below it is not received.
    public var sensitivity: Double

    public init(
        referencePower: Double = -40, exponent: Double = 2, noiseAmplitude: Double = 2, sensitivity: Double = -100
    ) {
        self.referencePower = referencePower
        self.exponent = exponent
        self.noiseAmplitude = noiseAmplitude
        self.sensitivity = sensitivity
    }

    /// The mean received power over `distance` metres, before noise.
    public func meanPower(overDistance distance: Double) -> Double {
        referencePower - 10 * exponent * log10(max(distance, 1))
    }

    /// The distance in metres over which the mean received power is `power` (at least one metre).
    public func distance(forMeanPower power: Double) -> Double {
        max(1, pow(10, (referencePower - power) / (10 * exponent)))
    }

    /// One RSSI reading over `distance` metres; `unitNoise` is a sample in -1...1 scaled by ``noiseAmplitude``.
    public func rssi(overDistance distance: Double, unitNoise: Double) -> Int8 {
        let power = (meanPower(overDistance: distance) + unitNoise * noiseAmplitude).rounded()
        return Int8(min(max(power, -127), 20))
    }
}
