import Foundation
import Testing

@Suite("bluetooth failures: one line with the cause, the documented exit status", .timeLimit(.minutes(2)))
struct CommandErrorTests {
    @Test(
        "a malformed transport spec is a usage error (exit 2) naming the spec, with the subcommand's usage",
        arguments: [("bogus", "unknown transport"), ("tcp:127.0.0.1:99999", "port '99999' is not a number")])
    func malformedSpec(spec: String, cause: String) async throws {
        let outcome = try await CommandLineTool.run(["scan", "--transport", spec])
        #expect(outcome.status == 2)
        #expect(
            outcome.standardError.hasPrefix("Error: invalid transport '\(spec)': \(cause)"), "\(outcome.standardError)")
        #expect(outcome.standardError.contains("Usage: bluetooth scan "))
    }

    @Test("BLUETOOTH_TRANSPORT is checked as --transport is")
    func malformedEnvironment() async throws {
        let outcome = try await CommandLineTool.run(["scan"], environment: ["BLUETOOTH_TRANSPORT": "bogus"])
        #expect(outcome.status == 2)
        #expect(outcome.standardError.contains("invalid transport 'bogus'"))
    }

    @Test("a serial device that does not exist fails with one line saying so, exit status 1")
    func missingSerialDevice() async throws {
        let outcome = try await CommandLineTool.run(["scan", "--transport", "serial:/dev/ttyNOPE"])
        #expect(outcome.status == 1)
        #expect(
            outcome.standardError
                == "bluetooth scan: cannot open transport 'serial:/dev/ttyNOPE': cannot open /dev/ttyNOPE "
                + "(No such file or directory)\n")
    }

    @Test("an HCI adapter that cannot be opened fails with one line giving the system's cause, not a guess")
    func unusableAdapter() async throws {
        let outcome = try await CommandLineTool.run(["scan", "--transport", "hci9"])
        #expect(outcome.status == 1)
        let lines = outcome.standardError.split(separator: "\n")
        #expect(lines.count == 1, "\(outcome.standardError)")
        #expect(outcome.standardError.hasPrefix("bluetooth scan: cannot open transport 'hci9': "))
        #expect(!outcome.standardError.contains("off or unreachable"))
    }

    @Test("serve on a transport nobody answers waits for its controller, says so, then fails with the cause, exit 1")
    func serveUnreachable() async throws {
        let outcome = try await CommandLineTool.run(
            ["serve", "\(Examples.directory.path)/thermometer.json", "--transport", "tcp:127.0.0.1:1"])
        #expect(outcome.status == 1)
        let refused = "cannot open transport 'tcp:127.0.0.1:1': cannot connect (Connection refused)"
        let suggestion = "; is 'bluetooth sim --listen 127.0.0.1:1' running?"
        #expect(
            outcome.standardError.split(separator: "\n") == [
                "waiting for a controller at 'tcp:127.0.0.1:1' (\(refused))\(suggestion)…",
                "bluetooth serve: no controller at 'tcp:127.0.0.1:1' within 10 s: \(refused)\(suggestion)",
            ], "\(outcome.standardError)")
    }

    @Test("a bad argument found while a subcommand runs prints that subcommand's usage, exit status 2")
    func subcommandUsage() async throws {
        let outcome = try await CommandLineTool.run(["read", "Thermometer", "notauuid"])
        #expect(outcome.status == 2)
        #expect(outcome.standardError.hasPrefix("Error: 'notauuid' is not a UUID"))
        #expect(outcome.standardError.contains("Usage: bluetooth read "))
        #expect(outcome.standardError.contains("See 'bluetooth read --help'"))
        let nested = try await CommandLineTool.run(["bonds", "remove", "nowhere", "--adapter", "C0:00:00:00:00:01"])
        #expect(nested.status == 2)
        #expect(nested.standardError.contains("Usage: bluetooth bonds remove "), "\(nested.standardError)")
    }

    @Test("sim takes no --transport, which it has no use for: a usage error")
    func simRefusesTransport() async throws {
        let outcome = try await CommandLineTool.run(["sim", "--listen", "127.0.0.1:0", "--transport", "virtual"])
        #expect(outcome.status == 2)
        #expect(outcome.standardError.hasPrefix("Error: Unknown option '--transport'"), "\(outcome.standardError)")
    }

    @Test("--version prints the version and exits 0")
    func version() async throws {
        let outcome = try await CommandLineTool.run(["--version"])
        #expect(outcome.status == 0)
        #expect(outcome.standardOutput.split(separator: ".").count == 3, "\(outcome.standardOutput)")
    }
}
