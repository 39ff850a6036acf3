import ArgumentParser
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
            Scan.self,
        ]
    )

    static func main() async {
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
}
