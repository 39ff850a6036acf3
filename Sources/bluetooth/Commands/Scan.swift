import ArgumentParser
import CoreBluetooth
import Foundation

/// `bluetooth scan`: list advertisers, as a refreshing table on a terminal, plain lines when piped, or JSON lines.
struct Scan: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "List advertising peripherals.")

    @OptionGroup var options: GlobalOptions

    @Option(name: .long, help: "Stop after this many seconds (default: until Ctrl-C).")
    var duration: Double?

    @Option(name: .long, help: "Only peripherals advertising this service UUID (repeatable).")
    var service: [String] = []

    @Option(name: .long, help: "Only peripherals with this local name.")
    var name: String?

    @Flag(name: .long, help: "Report every advertisement, not only the first of each peripheral.")
    var duplicates = false

    func run() async throws {
        try await CommandFailure.reporting("scan") {
            let services = try service.map(CBUUID.argument)
            Signals.unblockTermination()
            let (session, manager) = try await CentralSession.start(options, Progress())
            session.queue.sync {
                manager.scanForPeripherals(
                    withServices: services.isEmpty ? nil : services,
                    options: [CBCentralManagerScanOptionAllowDuplicatesKey: duplicates || isTerminal])
            }
            if let duration {
                _ = session.timeout(after: duration, "scan ended")
            }
            let interrupt = session.endOnInterrupt()
            defer { interrupt.cancel() }
            var table = ScanTable()
            while let (identifier, advertisement) = try await session.next({ event -> ScanTable.Sighting?? in
                switch event {
                case .discovered(let peripheral, let advertisement):
                    return .some((peripheral.identifier, advertisement))
                case .timedOut: return .some(nil)
                default: return nil
                }
            }) {
                if let name, advertisement.localName != name { continue }
                let row = ScanTable.Row(identifier: identifier, advertisement: advertisement)
                if options.json {
                    print(row.json)
                } else if isTerminal {
                    table.update(row)
                    print(table.rendered, terminator: "")
                } else {
                    print(row.line)
                }
                fflush(nil)
            }
            session.queue.sync { manager.stopScan() }
        }
    }

    private var isTerminal: Bool { !options.json && isatty(STDOUT_FILENO) != 0 }
}

/// The advertisers `scan` has seen, and how each one is printed.
struct ScanTable {
    /// A peripheral's identifier and what it advertised.
    typealias Sighting = (UUID, CentralEvent.Advertisement)

    /// One advertiser's latest advertisement.
    struct Row {
        var identifier: UUID
        var advertisement: CentralEvent.Advertisement

        private var address: String { Target.address(of: identifier) ?? identifier.uuidString }
        private var services: String { advertisement.serviceUUIDs.joined(separator: ",") }
        private var manufacturer: String { advertisement.manufacturerData.map { [UInt8]($0).hex } ?? "" }

        /// The plain line for a pipe: name, identifier, address, RSSI, services, manufacturer data.
        var line: String {
            var fields = [
                advertisement.localName ?? "(no name)", identifier.uuidString, address,
                "rssi \(advertisement.rssi)",
            ]
            if !services.isEmpty { fields.append("services \(services)") }
            if !manufacturer.isEmpty { fields.append("manufacturer \(manufacturer)") }
            return fields.joined(separator: "  ")
        }

        /// The JSON line for `--json`.
        var json: String {
            var object: [String: Any] = [
                "identifier": identifier.uuidString, "rssi": advertisement.rssi,
                "services": advertisement.serviceUUIDs,
            ]
            object["name"] = advertisement.localName ?? NSNull()
            object["address"] = Target.address(of: identifier) ?? NSNull()
            object["manufacturerData"] = advertisement.manufacturerData.map { [UInt8]($0).hex } ?? NSNull()
            let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data()
            return String(decoding: data, as: UTF8.self)
        }

        /// The row of the terminal table.
        var tableLine: String {
            pad(advertisement.localName ?? "(no name)", 24) + pad(address, 19) + pad("\(advertisement.rssi)", 6)
                + pad(services, 24) + manufacturer
        }
    }

    private var rows: [Row] = []

    /// Records a row, replacing the earlier one of the same peripheral.
    mutating func update(_ row: Row) {
        if let index = rows.firstIndex(where: { $0.identifier == row.identifier }) {
            rows[index] = row
        } else {
            rows.append(row)
        }
    }

    /// The whole table, preceded by ANSI codes that move to the top left of the screen and clear it.
    var rendered: String {
        let header = pad("NAME", 24) + pad("ADDRESS", 19) + pad("RSSI", 6) + pad("SERVICES", 24) + "MANUFACTURER"
        return "\u{1B}[H\u{1B}[2J" + ([header] + rows.map(\.tableLine)).joined(separator: "\n") + "\n"
    }
}

private func pad(_ text: String, _ width: Int) -> String {
    text.count >= width
        ? String(text.prefix(width - 1)) + " " : text + String(repeating: " ", count: width - text.count)
}
