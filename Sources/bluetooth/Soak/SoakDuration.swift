import ArgumentParser

/// A soak's length from the command line: seconds, or a number with `s`, `m` or `h` (`90s`, `30m`, `1h`).
struct SoakDuration: ExpressibleByArgument, Sendable {
    /// The length in seconds.
    let seconds: Int

    init?(argument: String) {
        let units: [Character: Int] = ["s": 1, "m": 60, "h": 3600]
        let unit = argument.last.flatMap { units[$0] }
        guard let number = Int(unit == nil ? argument : String(argument.dropLast())), number > 0 else { return nil }
        seconds = number * (unit ?? 1)
    }
}
