import Foundation
import GATTFileFormat

/// The advertisers `scan` has seen, and how each one is printed: a table on a terminal (strongest signal first,
/// 80 columns wide), one plain line per advertisement on a pipe, a JSON object per advertisement with `--json`.
struct ScanTable {
    /// A peripheral's identifier and what it advertised.
    typealias Sighting = (UUID, CentralEvent.Advertisement)

    /// The terminal's width the table keeps to.
    static let width = 80

    /// One advertiser's latest advertisement.
    struct Row {
        var identifier: UUID
        var advertisement: CentralEvent.Advertisement

        private var address: String { Target.address(of: identifier) ?? identifier.uuidString }

        /// `public` or `random`, from the address type the identifier carries; nil for an identifier of another kind.
        var addressType: String? {
            guard Target.address(of: identifier) != nil else { return nil }
            return identifier.uuid.5 & 1 == 0 ? "public" : "random"
        }

        private var services: String { advertisement.serviceUUIDs.joined(separator: ",") }
        private var manufacturer: String { advertisement.manufacturerData.map { [UInt8]($0).hex } ?? "" }

        /// The company the manufacturer data names in its first two bytes (little-endian), if it is a known one.
        var company: String? {
            guard let data = advertisement.manufacturerData, data.count >= 2 else { return nil }
            let bytes = [UInt8](data)
            return CompanyIdentifiers.name(of: UInt16(bytes[0]) | UInt16(bytes[1]) << 8)
        }

        private var connectable: String {
            switch advertisement.isConnectable {
            case true?: "yes"
            case false?: "no"
            case nil: "?"
            }
        }

        /// The plain line for a pipe: name, identifier, address and its type, RSSI, connectable, then what else the
        /// peripheral advertised.
        var line: String {
            var fields = [
                advertisement.localName.map(PrintableText.escaped) ?? "(no name)", identifier.uuidString,
                addressType.map { "\(address) (\($0))" } ?? address, "rssi \(advertisement.rssi)",
                "connectable \(connectable)",
            ]
            if let power = advertisement.txPowerLevel { fields.append("tx \(power)") }
            if !services.isEmpty { fields.append("services \(services)") }
            if !manufacturer.isEmpty {
                fields.append("manufacturer \(manufacturer)" + (company.map { " (\($0))" } ?? ""))
            }
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
            object["addressType"] = addressType ?? NSNull()
            object["connectable"] = advertisement.isConnectable ?? NSNull()
            object["txPowerLevel"] = advertisement.txPowerLevel ?? NSNull()
            object["manufacturerData"] = advertisement.manufacturerData.map { [UInt8]($0).hex } ?? NSNull()
            object["company"] = company ?? NSNull()
            let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data()
            return String(decoding: data, as: UTF8.self)
        }

        /// The row of the terminal table, cut to ``ScanTable/width``.
        var tableLine: String {
            let data = [services, company ?? manufacturer].filter { !$0.isEmpty }.joined(separator: " ")
            let text =
                pad(advertisement.localName.map(PrintableText.escaped) ?? "(no name)", 16) + pad(address, 18)
                + pad(addressType ?? "", 7)
                + pad("\(advertisement.rssi)", 5) + pad(advertisement.txPowerLevel.map(String.init) ?? "", 4)
                + pad(connectable, 5) + data
            return String(text.prefix(ScanTable.width))
        }
    }

    /// The column titles, in ``ScanTable/width`` columns.
    static let header =
        pad("NAME", 16) + pad("ADDRESS", 18) + pad("TYPE", 7) + pad("RSSI", 5) + pad("TX", 4) + pad("CONN", 5)
        + "SERVICES / COMPANY"

    private var rows: [Row] = []

    /// How many lines the last ``redraw()`` drew, which the next one goes back over.
    private var drawnLines = 0

    /// Records a row, replacing the earlier one of the same peripheral.
    mutating func update(_ row: Row) {
        if let index = rows.firstIndex(where: { $0.identifier == row.identifier }) {
            rows[index] = row
        } else {
            rows.append(row)
        }
    }

    /// The rows, strongest signal first.
    var sortedRows: [Row] {
        rows.enumerated().sorted { left, right in
            left.element.advertisement.rssi != right.element.advertisement.rssi
                ? left.element.advertisement.rssi > right.element.advertisement.rssi : left.offset < right.offset
        }.map(\.element)
    }

    /// The whole table, drawn over the one drawn before rather than over the whole screen: ANSI codes take the
    /// cursor back up to the earlier table's first line, clear each line's rest as it is rewritten, and clear what
    /// is left below. What the terminal showed above the table stays.
    mutating func redraw() -> String {
        let lines = [Self.header] + sortedRows.map(\.tableLine)
        let back = drawnLines > 0 ? "\r\u{1B}[\(drawnLines)A" : ""
        drawnLines = lines.count
        return back + lines.map { $0 + "\u{1B}[K\n" }.joined() + "\u{1B}[J"
    }
}

private func pad(_ text: String, _ width: Int) -> String {
    text.count >= width
        ? String(text.prefix(width - 1)) + " " : text + String(repeating: " ", count: width - text.count)
}
