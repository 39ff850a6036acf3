import Foundation

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
