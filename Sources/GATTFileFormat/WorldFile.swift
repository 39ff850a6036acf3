import VirtualRadio

/// The virtual peripherals `bluetooth sim --world` runs itself: each a GATT file (inline or by path relative to
/// the world file), where it is (a position or a fixed RSSI) and how often it advertises.
///
/// ```json
/// { "controller": "4.2",
///   "peripherals": [
///     { "gatt": "thermometer.json", "position": { "x": 1, "y": 0, "z": 0 }, "advertisingIntervalMs": 100 },
///     { "gatt": { "name": "Battery", "services": [ { "uuid": "180F" } ] }, "rssi": -60 } ] }
/// ```
package struct WorldFile: Equatable, Sendable {
    /// The advertising interval when a peripheral gives none.
    package static let defaultAdvertisingIntervalMs = 100
    /// The advertising intervals the Core Specification allows (20 ms to 10.24 s).
    package static let advertisingIntervalRangeMs = 20...10_240

    /// The generation of the sim's controllers (its clients' and its peripherals'), or nil for the default.
    package var controller: ControllerGeneration?
    /// The peripherals in file order.
    package var peripherals: [Peripheral]

    /// One virtual peripheral.
    package struct Peripheral: Equatable, Sendable {
        /// What the peripheral advertises and serves.
        package var gatt: GATTFile
        /// The path of its GATT file as written in the world file, or nil when the GATT file is inline.
        package var gattPath: String?
        /// Where the peripheral is, or nil to leave it to the air's default.
        package var placement: Placement?
        /// Milliseconds between two advertising events.
        package var advertisingIntervalMs: Int
        /// The generation of this peripheral's controller, or nil for the world file's.
        package var controller: ControllerGeneration?
    }

    /// How the air decides the signal strength centrals see from a peripheral.
    package enum Placement: Equatable, Sendable {
        /// A position in metres; the air derives RSSI from the distance.
        case position(x: Double, y: Double, z: Double)
        /// A fixed RSSI in dBm.
        case rssi(Int)
    }
}
