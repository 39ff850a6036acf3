import Foundation
import Testing

@Suite("bluetooth sim --packet-error-rate: a lossy timed air", .timeLimit(.minutes(2)))
struct SimLossCommandTests {
    @Test("The sim takes the rate and seed and names them in its first line")
    func announcesLoss() async throws {
        let sim = try RunningTool(
            [
                "sim", "--listen", "127.0.0.1:0", "--json", "--air", "timed", "--packet-error-rate", "0.1", "--seed",
                "42",
            ])
        defer { _ = sim.stop() }
        let line = try #require(await sim.nextLine())
        let announcement = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        #expect(announcement["air"] as? String == "timed")
        #expect(announcement["packetErrorRate"] as? Double == 0.1)
        #expect(announcement["seed"] as? Int == 42)
    }

    @Test("Write then read over a sim losing 10% of connection packets: retransmission loses nothing")
    func writeReadUnderLoss() async throws {
        let served = try await ServedPeripheral.start(
            ServeExploreCommandTests.gatt,
            simArguments: ["--air", "timed", "--packet-error-rate", "0.1", "--seed", "42"])
        defer { served.stop() }
        let transport = ["--transport", served.transport]
        let write = try await CommandLineTool.run(["write", "Thermometer", "2A21", "1400"] + transport)
        #expect(write.status == 0, "\(write.standardError)")
        let read = try await CommandLineTool.run(["read", "Thermometer", "2A21"] + transport)
        #expect(read.status == 0, "\(read.standardError)")
        #expect(read.standardOutput == "1400\n")
    }

    @Test("A rate on an instant air, or outside 0 to 1, is refused in one line")
    func refusesBadRates() async throws {
        let instant = try await CommandLineTool.run(["sim", "--listen", "127.0.0.1:0", "--packet-error-rate", "0.1"])
        #expect(instant.status != 0)
        #expect(instant.standardError.contains("--packet-error-rate needs --air timed"))
        let tooHigh = try await CommandLineTool.run(
            ["sim", "--listen", "127.0.0.1:0", "--air", "timed", "--packet-error-rate", "1.5"])
        #expect(tooHigh.status != 0)
        #expect(tooHigh.standardError.contains("from 0 to 1"))
    }
}
