import ArgumentParser
import Foundation

/// The benchmarks of the virtual air itself: the crowd of advertisers, and the timed air against theory.
extension Bench {
    func runCrowd(_ narrator: Narrator) async throws {
        do {
            let crowd = try await CrowdBench.run(
                advertisers: advertisers, interval: .milliseconds(100), window: .seconds(seconds), air: air)
            narrator.step(
                "crowd", "crowd".padding(toLength: 25, withPad: " ", startingAt: 0) + crowd.summary, crowd.fields)
        } catch {
            FileHandle.standardError.write(Data("bluetooth bench: crowd: \(error)\n".utf8))
            throw ExitCode.failure
        }
    }

    /// Prints one Markdown table row per PHY, data length and connection interval.
    func runTimedTable(_ narrator: Narrator) async throws {
        if !options.json { print(TimedBench.header) }
        for phy in TimedAirTheory.PHYName.allCases {
            for octets in [27, 251] {
                for interval in TimedBench.intervals {
                    let theory = TimedAirTheory(phy: phy, requestedOctets: octets, interval: interval)
                    do {
                        let row = try await TimedBench.measure(theory, events: events, reads: 12)
                        narrator.step("timed-air", row.line, row.fields)
                    } catch {
                        FileHandle.standardError.write(Data("bluetooth bench: timed air: \(error)\n".utf8))
                        throw ExitCode.failure
                    }
                }
            }
        }
    }
}
