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
}
