import CoreBluetooth
import Dispatch
import Foundation
import HCI
import Synchronization

/// A peripheral of a ``Simulation``, running a ``PeripheralSpec`` on its own virtual controller; its `simulate...`
/// methods make things happen to it while the app talks to it.
///
/// Inside, it is a `CBPeripheralManager` on a radio of its own, whose delegate answers the centrals' requests as
/// the spec's responder says; so what the app meets is our host stack's GATT server over the simulation's air.
public final class SimulatedPeripheral: Sendable {
    /// What the peripheral was made from, with its address filled in.
    public let spec: PeripheralSpec
    let radio: SwitchedRadio
    let driver: PeripheralDriver
    let manager: CBPeripheralManager

    init(spec: PeripheralSpec, radio: SwitchedRadio) {
        self.spec = spec
        self.radio = radio
        let queue = DispatchQueue(label: "simulated peripheral \(spec.name ?? spec.address ?? "")")
        driver = PeripheralDriver(spec: spec, clock: radio.clock, queue: queue)
        var options: [String: Any] = [
            SimulatedRadios.optionKey: radio, CBManagerOptionAdvertisingIntervalKey: spec.advertisingInterval,
        ]
        if let name = spec.name { options[CBManagerOptionDeviceNameKey] = name }
        manager = CBPeripheralManager(delegate: driver, queue: queue, options: options)
    }

    /// The identifier the app's `CBCentralManager` gives this peripheral (for `retrievePeripherals(withIdentifiers:)`);
    /// it follows from the address, so it changes with ``simulateMacChange(_:)``.
    public var identifier: UUID {
        guard let address = radio.staticAddress else { return UUID() }
        return PeripheralIdentifier.make(address: address, type: .random)
    }

    /// The characteristic's current value.
    public func value(of characteristic: CBUUID) -> Data? {
        driver.value(of: characteristic)
    }

    /// Every write (with or without response) centrals made, in order.
    public var writes: [(characteristic: CBUUID, value: Data)] { driver.writes }

    /// Whether some central subscribed to the characteristic's notifications or indications.
    public func isSubscribed(_ characteristic: CBUUID) -> Bool {
        driver.isSubscribed(characteristic)
    }
}
