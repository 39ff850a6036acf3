import Foundation
import Testing

@Suite("Ctrl-C ends every long-running command cleanly, with exit status 0", .timeLimit(.minutes(2)))
struct InterruptTests {
    @Test("serve on the default virtual radio says its air is private, and ends at Ctrl-C with status 0")
    func serve() async throws {
        let serve = try RunningTool(
            ["serve", Examples.directory.appendingPathComponent("thermometer.json").path], standardError: true)
        var lines: [String] = []
        while let line = await serve.nextLine() {
            lines.append(line)
            if line.hasPrefix("Advertising") { break }
        }
        #expect(
            lines.contains {
                $0.hasPrefix("note: the virtual radio is private to this process") && $0.contains("bluetooth sim")
            })
        #expect(await serve.interrupt() == 0)
    }

    @Test("sim ends at Ctrl-C with status 0")
    func sim() async throws {
        let sim = try RunningTool(["sim", "--listen", "127.0.0.1:0"])
        #expect(await sim.nextLine()?.contains("air listening on 127.0.0.1:") == true)
        #expect(await sim.interrupt() == 0)
    }

    @Test("demo ends at Ctrl-C with status 0, once live values flow")
    func demo() async throws {
        let demo = try RunningTool(["demo", "--measurements", "100000"])
        while let line = await demo.nextLine() {
            if line.hasPrefix("Heart rate:") { break }
        }
        #expect(await demo.interrupt() == 0)
    }

    @Test("explore waiting for a peripheral that never comes ends at Ctrl-C with status 0")
    func explore() async throws {
        let explore = try RunningTool(["explore", "Nobody", "--timeout", "60"], standardError: true)
        while let line = await explore.nextLine() {
            if line.hasPrefix("scanning for") { break }
        }
        #expect(await explore.interrupt() == 0)
    }

    @Test("serve at Ctrl-C disconnects its centrals first: a subscriber hears the peripheral leave, not a timeout")
    func serveDisconnectsItsCentrals() async throws {
        let served = try await ServedPeripheral.start(ServeExploreCommandTests.gatt)
        defer { served.stop() }
        let subscribe = try RunningTool(
            ["subscribe", "Thermometer", "2A1C", "--transport", served.transport], standardError: true)
        while let line = await subscribe.nextLine(), !line.hasPrefix("subscribed to") {}
        #expect(await served.serve.interrupt() == 0)
        var lines: [String] = []
        while let line = await subscribe.nextLine() {
            if !line.allSatisfy(\.isHexDigit) { lines.append(line) }
        }
        #expect(await subscribe.exitStatus() == 1)
        #expect(lines == ["bluetooth subscribe: disconnected: The specified device has disconnected from us"])
    }

    @Test("serve sent SIGTERM right after it starts, time after time, always exits: at once or cleanly")
    func serveEarlySIGTERM() throws {
        let file = Examples.directory.appendingPathComponent("thermometer.json").path
        for _ in 0..<Self.earlyRounds {
            let serve = try RunningTool(["serve", file])
            #expect([0, SIGTERM].contains(serve.stop()))
        }
    }

    /// How many times ``serveEarlySIGTERM()`` starts and stops serve.
    static let earlyRounds = 20
}
