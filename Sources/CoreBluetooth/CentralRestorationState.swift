import Foundation
import Host

/// What a central manager with a restore identifier saves: its scan and the peripherals it was connected or
/// connecting to.
struct CentralRestorationState: Codable, Equatable {
    /// The services of the scan under way, as `uuidString`s; nil when not scanning.
    var scanServices: [String]?
    /// Whether the scan under way reports duplicates.
    var allowsDuplicates: Bool
    /// The solicited services of the scan under way, as `uuidString`s.
    var solicitedServices: [String]
    /// The identifiers of the peripherals connected or being connected.
    var peripherals: [UUID]
}

extension CentralRestorationState {
    private enum CodingKeys: String, CodingKey {
        case scanServices, allowsDuplicates, solicitedServices, peripherals
    }

    /// Reads a saved state, refusing one whose service UUIDs do not parse: the file is untrusted, and restoring
    /// turns each string into a `CBUUID`, which stops the program on a malformed one.
    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        scanServices = try container.decodeIfPresent([String].self, forKey: .scanServices)
        allowsDuplicates = try container.decode(Bool.self, forKey: .allowsDuplicates)
        solicitedServices = try container.decode([String].self, forKey: .solicitedServices)
        peripherals = try container.decode([UUID].self, forKey: .peripherals)
        for text in (scanServices ?? []) + solicitedServices where BluetoothUUID(string: text) == nil {
            throw DecodingError.dataCorruptedError(
                forKey: .scanServices, in: container, debugDescription: "\(text) is not a UUID")
        }
    }
}
