import CoreBluetooth
import Foundation
import HCI
import VirtualRadio

extension SimulatedPeripheral {
    /// Sets a characteristic's value and sends it to the centrals that subscribed (a notification or indication,
    /// as its properties say); CoreBluetoothMock's `simulateValueUpdate`.
    public func simulateValueUpdate(_ value: Data, for characteristic: CBUUID) {
        driver.queue.sync { driver.update(value, of: characteristic, on: manager) }
    }

    /// Advertises other data from now on; CoreBluetoothMock's `simulateAdvertisementChange`.
    public func simulateAdvertisementChange(
        name: String? = nil, services: [CBUUID] = [], manufacturerData: Data? = nil
    ) {
        let data = PeripheralDriver.advertisement(name: name, services: services, manufacturerData)
        driver.queue.sync { driver.advertise(data, on: manager) }
    }

    /// Replaces the GATT database while centrals are connected: they get a Service Changed indication, so an app
    /// on iOS hears `peripheral(_:didModifyServices:)`; CoreBluetoothMock's `simulateServiceChange`.
    public func simulateServiceChange(_ services: [ServiceSpec]) {
        driver.queue.sync { driver.republish(services, on: manager) }
    }

    /// Ends every link as a peripheral that disconnects does (the app hears `didDisconnectPeripheral` with
    /// `CBError.peripheralDisconnected`); CoreBluetoothMock's `simulateDisconnection`.
    public func simulateDisconnection() {
        manager.disconnectCentrals()
    }

    /// Takes the peripheral out of the app's range (`false`) or back (`true`). Out of range it neither advertises
    /// nor answers: a connected app loses the link when its supervision timeout expires (on a timed air; at once
    /// on an instant one) with `CBError.connectionTimeout`. Back in range it advertises again, with the same
    /// address and database. CoreBluetoothMock's `simulateProximityChange` between `.immediate`/`.outOfRange`.
    public func simulateProximityChange(inRange: Bool) async {
        if inRange { radio.switchOn() } else { await radio.switchOff() }
    }

    /// Puts the peripheral `metres` away from the app (which stands at the origin of the air's plane): the RSSI
    /// the app reads follows from the distance, through the air's path-loss model, and beyond the air's range the
    /// app no longer hears it advertise; a link already up stays (``simulateProximityChange(inRange:)`` ends it).
    /// CoreBluetoothMock's proximity levels (`.immediate`, `.near`, `.far`) as distances.
    public func simulateDistance(_ metres: Double) async {
        await radio.move(to: Position(x: metres, y: 0))
    }

    /// Resets the peripheral: it loses its links at once (the app sees them time out) and starts again with the
    /// same address and database; CoreBluetoothMock's `simulateReset`.
    public func simulateReset() async {
        await radio.switchOff()
        radio.switchOn()
    }

    /// Gives the peripheral a new static random address (the links it had are lost, as a device that changes
    /// its address drops them): the app sees a new peripheral with a new identifier; CoreBluetoothMock's
    /// `simulateMacChange`.
    public func simulateMacChange(_ address: String) async {
        await radio.switchOff()
        radio.staticAddress = BluetoothAddress(address)
        radio.switchOn()
    }
}
