import ArgumentParser
import CoreBluetooth
import Foundation

/// `bluetooth scan`: list advertisers, as a refreshing table on a terminal, plain lines when piped, or JSON lines.
struct Scan: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "List advertising peripherals.",
        discussion: "On a terminal the table is kept sorted by signal strength, strongest first; Ctrl-C ends the scan.")

    @OptionGroup var options: GlobalOptions

    @Option(name: .long, help: "Stop after this many seconds (default: until Ctrl-C).")
    var duration: Double?

    @Option(name: .long, help: "Only peripherals advertising this service UUID (repeatable).")
    var service: [String] = []

    @Option(name: .long, help: "Only peripherals whose local name contains this text (any case).")
    var name: String?

    @Option(
        name: .customLong("min-rssi"), help: "Only advertisements at least this strong, in dBm (write --min-rssi=-70).")
    var minRSSI: Int?

    @Flag(name: .long, help: "Report every advertisement, not only the first of each peripheral.")
    var duplicates = false

    func run() async throws {
        try await CommandFailure.reporting("scan") {
            let services = try service.map(CBUUID.argument)
            var table = ScanTable()
            if isTerminal {
                print(table.redraw(), terminator: "")
                fflush(nil)
            }
            options.hintAtPrivateAir()
            let (session, manager) = try await CentralSession.start(options, Progress())
            session.queue.sync {
                manager.scanForPeripherals(
                    withServices: services.isEmpty ? nil : services,
                    options: [CBCentralManagerScanOptionAllowDuplicatesKey: duplicates || isTerminal])
            }
            if let duration {
                _ = session.timeout(after: duration, "scan ended")
            }
            while let (identifier, advertisement) = try await session.next({ event -> ScanTable.Sighting?? in
                switch event {
                case .discovered(let peripheral, let advertisement):
                    return .some((peripheral.identifier, advertisement))
                case .timedOut, .interrupted: return .some(nil)
                default: return nil
                }
            }) {
                guard wanted(advertisement) else { continue }
                let row = ScanTable.Row(identifier: identifier, advertisement: advertisement)
                if options.json {
                    print(row.json)
                } else if isTerminal {
                    table.update(row)
                    print(table.redraw(), terminator: "")
                } else {
                    print(row.line)
                }
                fflush(nil)
            }
            session.queue.sync { manager.stopScan() }
        }
    }

    /// Whether an advertisement passes `--name` (a substring, in any case) and `--min-rssi`.
    private func wanted(_ advertisement: CentralEvent.Advertisement) -> Bool {
        if let name, advertisement.localName?.range(of: name, options: .caseInsensitive) == nil { return false }
        if let minRSSI, advertisement.rssi < minRSSI { return false }
        return true
    }

    private var isTerminal: Bool { !options.json && isatty(STDOUT_FILENO) != 0 }
}
