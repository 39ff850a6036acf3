import ArgumentParser
import Foundation
import CoreBluetooth
import HCI

/// Options every command that runs a host stack on a controller takes.
struct GlobalOptions: ParsableArguments {
    @Option(
        name: .long,
        help: ArgumentHelp(
            "Controller to use: virtual, tcp:HOST:PORT, unix:PATH, serial:DEVICE[@BAUD], hciN; or bluez[:hciN] for "
                + "bluetoothd's adapter over D-Bus."))
    var transport: String?

    @Option(
        name: .long,
        help: "A static random address (AA:BB:CC:DD:EE:FF, top two bits set) to use, and keep bonds under.")
    var address: String?

    @OptionGroup var output: OutputOptions

    /// `--json`.
    var json: Bool { output.json }
    /// `--btsnoop`.
    var btsnoop: String? { output.btsnoop }
    /// How many `-v`.
    var verbosity: Int { output.verbosity }
    /// Where a manager writes its btsnoop log (see ``OutputOptions/snoopPath``).
    var snoopPath: String? { output.snoopPath }

    /// Refuses a transport spec or address that cannot be used, as a usage error naming it.
    func validate() throws {
        if BlueZTransport.adapter(in: transportText) == nil {
            _ = try transportSpec(environment: ProcessInfo.processInfo.environment)
        }
        if let address, BluetoothAddress(address)?.isStaticRandom != true {
            throw ValidationError(
                "--address '\(address)' is not a static random address "
                    + "(six hex pairs, e.g. C0:11:22:33:44:55, the first byte from C0 to FF)")
        }
    }

    /// The transport spec: `--transport`, else `BLUETOOTH_TRANSPORT`, else `virtual`.
    func transportSpec(environment: [String: String]) throws -> TransportSpec {
        let text = transport ?? environment["BLUETOOTH_TRANSPORT"] ?? "virtual"
        do {
            return try TransportSpec(parsing: text)
        } catch {
            throw ValidationError(error.description)
        }
    }
}
