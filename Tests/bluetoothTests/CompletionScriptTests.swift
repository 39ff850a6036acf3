import Testing

@Suite("bluetooth offers shell completions, as the README says", .timeLimit(.minutes(1)))
struct CompletionScriptTests {
    @Test(
        "--generate-completion-script prints a script for each shell that knows every subcommand",
        arguments: ["bash", "zsh", "fish"])
    func script(shell: String) async throws {
        let outcome = try await CommandLineTool.run(["--generate-completion-script", shell])
        #expect(outcome.status == 0, "\(outcome.standardError)")
        for subcommand in ["serve", "subscribe", "explore", "sim", "bonds"] {
            #expect(outcome.standardOutput.contains(subcommand), "\(shell): no \(subcommand)")
        }
    }
}
