import ArgumentParser

/// Options of what a command prints and logs; every command takes them, `demo` and `sim` (which make their own
/// virtual controllers) only these.
struct OutputOptions: ParsableArguments {
    @Option(name: .long, help: "Write every HCI packet to this btsnoop file (opens in Wireshark and tshark).")
    var btsnoop: String?

    @Flag(name: .long, help: "Print machine-readable JSON.")
    var json = false

    @Flag(name: .customShort("v"), help: "Log protocol details: -v HCI, L2CAP, ATT and SMP traffic; -vv more.")
    var verbosity: Int

    /// Where a manager writes its btsnoop log: `--btsnoop`'s file, or with `-v` a FIFO of the packet trace.
    var snoopPath: String? {
        guard verbosity > 0 else { return btsnoop }
        return PacketTrace.start(detailed: verbosity > 1, btsnoop: btsnoop) ?? btsnoop
    }
}
