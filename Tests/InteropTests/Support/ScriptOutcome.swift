/// How a Python script ended and what it printed.
struct ScriptOutcome: Sendable {
    /// The script's file name.
    var script: String
    /// The arguments it was given.
    var arguments: [String]
    /// How it ended, or nil if it could not be stopped.
    var termination: ProcessExit.Termination?
    /// Whether it overran its time limit and was stopped.
    var timedOut: Bool
    /// The time limit it was given.
    var timeout: Duration
    /// Everything it wrote to stdout.
    var standardOutput: String
    /// Everything it wrote to stderr.
    var standardError: String

    /// Whether it exited by itself with status 0 in time.
    var succeeded: Bool { !timedOut && termination == ProcessExit.Termination(status: 0, bySignal: false) }

    /// A one-line account of how it ended.
    var summary: String {
        let ending: String
        switch termination {
        case nil: ending = "could not be stopped"
        case let termination? where termination.bySignal: ending = "killed by signal \(termination.status)"
        case let termination?: ending = "exit status \(termination.status)"
        }
        return "\(script) \(arguments.joined(separator: " ")): \(ending)"
            + (timedOut ? " after overrunning its \(timeout) limit" : "")
    }

    /// The summary followed by the script's stdout and stderr, for failure messages.
    var transcript: String {
        "\(summary)\n--- stdout ---\n\(standardOutput)--- stderr ---\n\(standardError)"
    }
}
