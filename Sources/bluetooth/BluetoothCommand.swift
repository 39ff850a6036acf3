import ArgumentParser
import Logging
import Foundation

/// The `bluetooth` command-line tool.
///
/// Exit status: 0 success (Ctrl-C included), 1 a failure the user can act on (one line on standard error), 2 a
/// usage error (the message and the command's usage). ``Entry`` runs it.
struct BluetoothCommand: AsyncParsableCommand {
    /// The tool's version, as `--version` prints it.
    static let version = "0.9.0"

    static let configuration = CommandConfiguration(
        commandName: "bluetooth",
        abstract: "Bluetooth Low Energy on Linux: a virtual radio, a host stack and the CoreBluetooth API.",
        discussion: """
            Exit status: 0 on success and when ended with Ctrl-C, 1 on a failure (one line on standard error), \
            2 on a usage error.
            """,
        version: version,
        subcommands: [
            Demo.self, Sim.self, Bench.self, Explore.self, Serve.self, Read.self, Write.self, Subscribe.self,
            Scan.self, L2CAP.self, Bonds.self, VHCI.self, Soak.self, Info.self,
        ]
    )

    static func main() async {
        bootstrapLogging(arguments: CommandLine.arguments)
        atexit { try? FileManager.default.removeItem(atPath: GlobalOptions.throwawayBondPath) }
        var command: any ParsableCommand
        do {
            command = try parseAsRoot()
        } catch {
            guard exitCode(for: error) == .validationFailure else { exit(withError: error) }
            let suggestion = SubcommandSuggestion.line(for: Array(CommandLine.arguments.dropFirst()), root: self)
            usageError(fullMessage(for: error) + (suggestion.map { "\n" + $0 } ?? ""))
        }
        do {
            if var asyncCommand = command as? AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch {
            guard exitCode(for: error) == .validationFailure else { exit(withError: error) }
            let subcommand = type(of: command)
            usageError(
                "Error: \(message(for: error))\nUsage: \(usageString(for: subcommand))\n"
                    + "  See '\(commandPath(of: subcommand)) --help' for more information.")
        }
    }

    /// Prints a usage error's message on standard error and exits with status 2.
    private static func usageError(_ text: String) -> Never {
        FileHandle.standardError.write(Data((text + "\n").utf8))
        Foundation.exit(2)
    }

    /// `bluetooth` followed by the names of the commands down to `subcommand`, e.g. `bluetooth bonds list`.
    private static func commandPath(of subcommand: any ParsableCommand.Type) -> String {
        func path(from command: any ParsableCommand.Type) -> [String]? {
            let name = command._commandName
            if ObjectIdentifier(command) == ObjectIdentifier(subcommand) { return [name] }
            for child in command.configuration.subcommands {
                if let rest = path(from: child) { return [name] + rest }
            }
            return nil
        }
        return (path(from: self) ?? ["bluetooth"]).joined(separator: " ")
    }

    /// Sends protocol logs to stderr: errors only by default, more with each `-v` (info, debug, trace).
    private static func bootstrapLogging(arguments: [String]) {
        let verbosity = arguments.dropFirst().reduce(0) { count, argument in
            argument.count > 1 && argument.hasPrefix("-") && argument.dropFirst().allSatisfy { $0 == "v" }
                ? count + argument.count - 1 : count
        }
        let levels: [Logger.Level] = [.error, .info, .debug, .trace]
        let level = levels[min(verbosity, levels.count - 1)]
        LoggingSystem.bootstrap { label in
            var handler = StreamLogHandler.standardError(label: label)
            handler.logLevel = level
            return handler
        }
    }
}
