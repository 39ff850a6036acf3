import ArgumentParser

/// The `bluetooth` command-line tool.
@main
struct BluetoothCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bluetooth",
        abstract: "Bluetooth Low Energy on Linux: a virtual radio, a host stack and the CoreBluetooth API.",
        subcommands: [Demo.self, Sim.self]
    )
}
