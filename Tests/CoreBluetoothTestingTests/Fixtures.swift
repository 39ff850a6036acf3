import CoreBluetooth
import CoreBluetoothTesting
import Foundation

/// A Nordic-Blinky-like peripheral: an LED to write, a button to read and be notified of.
enum Blinky {
    static let service = CBUUID(string: "00001523-1212-EFDE-1523-785FEABCD123")
    static let button = CBUUID(string: "00001524-1212-EFDE-1523-785FEABCD123")
    static let led = CBUUID(string: "00001525-1212-EFDE-1523-785FEABCD123")

    static let services = [
        ServiceSpec(
            service,
            characteristics: [
                CharacteristicSpec(button, properties: [.read, .notify], permissions: [.readable], value: Data([0])),
                CharacteristicSpec(led, properties: [.read, .write], value: Data([0])),
            ])
    ]

    /// The spec, answering requests with `responder`.
    static func spec(
        responder: @escaping @Sendable (PeripheralRequest) -> PeripheralResponse = { _ in .standard }
    ) -> PeripheralSpec {
        PeripheralSpec(name: "Blinky", advertisedServices: [service], services: services, responder: responder)
    }
}
