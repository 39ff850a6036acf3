import ArgumentParser
import Logging
import Foundation

/// The `bluetooth` command-line tool.
///
/// Exit status: 0 success, 1 a failure the user can act on, 2 a usage error.
@main
struct BluetoothCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bluetooth",
        abstract: "Bluetooth Low Energy on Linux: a virtual radio, a host stack and the CoreBluetooth API.",
        subcommands: [
            Demo.self, Sim.self, Bench.self, Explore.self, Serve.self, Read.self, Write.self, Subscribe.self,
            Scan.self, Bonds.self, Soak.self,
        ]
    )

    static func main() async {
        bootstrapLogging(arguments: CommandLine.arguments)
        do {
            var command = try parseAsRoot()
            if var asyncCommand = command as? AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch {
            guard exitCode(for: error) == .validationFailure else { exit(withError: error) }
            FileHandle.standardError.write(Data((fullMessage(for: error) + "\n").utf8))
            Foundation.exit(2)
        }
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
