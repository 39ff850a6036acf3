import ArgumentParser
import Foundation
import CoreBluetooth
import HCI

/// Options every command takes.
struct GlobalOptions: ParsableArguments {
    @Option(
        name: .long,
        help: ArgumentHelp(
            "Controller to use: virtual, tcp:HOST:PORT, unix:PATH, serial:DEVICE[@BAUD], hciN; or bluez[:hciN] for "
                + "bluetoothd's adapter over D-Bus."))
    var transport: String?

    @Option(name: .long, help: "Write every HCI packet to this btsnoop file (opens in Wireshark and tshark).")
    var btsnoop: String?

    @Option(
        name: .long,
        help: "A static random address (AA:BB:CC:DD:EE:FF, top two bits set) to use, and keep bonds under.")
    var address: String?

    @Flag(name: .long, help: "Print machine-readable JSON.")
    var json = false

    @Flag(name: .customShort("v"), help: "Log protocol details: -v HCI, L2CAP, ATT and SMP traffic; -vv more.")
    var verbosity: Int

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
