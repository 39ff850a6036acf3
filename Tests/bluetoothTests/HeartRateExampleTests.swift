import Foundation
import Testing

@Suite("HeartRate example, run as an executable", .timeLimit(.minutes(2)))
struct HeartRateExampleTests {
    @Test("the example finds the sensor, prints the asked number of live heart rates, resets it and exits 0")
    func runsToCompletion() async throws {
        let outcome = try await CommandLineTool.run(["--count", "4"], executable: "HeartRateExample")
        #expect(outcome.status == 0, "\(outcome.standardOutput)\(outcome.standardError)")
        let lines = outcome.standardOutput.split(separator: "\n").map(String.init)
        let rates = lines.compactMap { line -> Int? in
            guard line.hasPrefix("Monitor: heart rate "), line.hasSuffix(" bpm") else { return nil }
            return Int(line.dropFirst("Monitor: heart rate ".count).dropLast(" bpm".count))
        }
        #expect(rates.count == 4)
        #expect(rates.allSatisfy { (40...220).contains($0) })
        #expect(lines.contains("Monitor: body sensor location: Chest"))
        #expect(lines.contains("Sensor: energy expended reset"))
        #expect(lines.last == "Monitor: disconnected")
    }

    @Test("the example refuses a count that is not a positive number with its usage and exit status 2")
    func refusesBadCount() async throws {
        let outcome = try await CommandLineTool.run(["--count", "none"], executable: "HeartRateExample")
        #expect(outcome.status == 2)
        #expect(outcome.standardOutput.hasPrefix("usage: HeartRateExample"))
    }

    @Test("the example's --help prints what it does and exits 0 without running it")
    func help() async throws {
        let outcome = try await CommandLineTool.run(["--help"], executable: "HeartRateExample")
        #expect(outcome.status == 0)
        #expect(outcome.standardOutput.hasPrefix("usage: HeartRateExample [--count N]\n"))
        #expect(!outcome.standardOutput.contains("Monitor:"))
    }
}
