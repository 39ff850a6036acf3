import Foundation
import GATTFileFormat
import Testing

@testable import bluetooth

@Suite("Our host on a timed air: bluetooth serve and explore over sim --air timed", .timeLimit(.minutes(2)))
struct TimedAirCommandTests {
    @Test("explore --json over a timed sim finds every service, characteristic, descriptor and value served")
    func exploreOnTimedAir() async throws {
        let served = try await ServedPeripheral.start(ServeExploreCommandTests.gatt, simArguments: ["--air", "timed"])
        defer { served.stop() }
        let outcome = try await CommandLineTool.run(
            ["explore", "Thermometer", "--json", "--transport", served.transport])
        #expect(outcome.status == 0, "\(outcome.standardError)")
        let report = try ExploreReport(json: Array(outcome.standardOutput.utf8))
        let file = try GATTFile(json: Array(ServeExploreCommandTests.gatt.utf8))
        #expect(report.mismatches(against: file) == [])
    }

    @Test("write then read over a timed sim gives back what was written")
    func writeReadOnTimedAir() async throws {
        let served = try await ServedPeripheral.start(ServeExploreCommandTests.gatt, simArguments: ["--air", "timed"])
        defer { served.stop() }
        let transport = ["--transport", served.transport]
        let write = try await CommandLineTool.run(["write", "Thermometer", "2A21", "1400"] + transport)
        #expect(write.status == 0, "\(write.standardError)")
        let read = try await CommandLineTool.run(["read", "Thermometer", "2A21"] + transport)
        #expect(read.status == 0, "\(read.standardError)")
        #expect(read.standardOutput == "1400\n")
    }
}
