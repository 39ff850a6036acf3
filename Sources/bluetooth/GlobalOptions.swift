import ArgumentParser
import HCI

/// Options every command takes.
struct GlobalOptions: ParsableArguments {
    @Option(name: .long, help: "Controller to use: virtual, tcp:HOST:PORT, unix:PATH, serial:DEVICE[@BAUD], hciN.")
    var transport: String?

    @Option(name: .long, help: "Write every HCI packet to this btsnoop file (opens in Wireshark and tshark).")
    var btsnoop: String?

    @Flag(name: .long, help: "Print machine-readable JSON.")
    var json = false

    @Flag(name: .customShort("v"), help: "Log protocol details (repeat for more).")
    var verbosity: Int

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
