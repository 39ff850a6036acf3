import ArgumentParser
import HCI
import Host
import VirtualRadio

/// `bluetooth demo`: two hosts on the virtual radio, a heart-rate sensor and a monitor, walking
/// through what the stack does today, narrated step by step.
struct Demo: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Run a heart-rate sensor and a monitor on the virtual radio and narrate what happens.")

    @OptionGroup var options: GlobalOptions

    func run() async throws {
        let narrator = Narrator(json: options.json)
        do {
            try await DemoScenario(narrator: narrator, btsnoopPath: options.btsnoop).run()
        } catch {
            narrator.step("failed", "demo failed: \(error)")
            throw ExitCode.failure
        }
    }
}
