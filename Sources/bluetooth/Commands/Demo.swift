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
        guard try options.transportSpec(environment: [:]) == .virtual else {
            narrator.step("failed", "demo runs on its own virtual air; other transports are not supported yet")
            throw ExitCode.failure
        }
        do {
            try await DemoScenario(narrator: narrator, btsnoopPath: options.btsnoop).run()
        } catch {
            narrator.step("failed", "demo failed: \(error)")
            throw ExitCode.failure
        }
    }
}
