import CoreBluetooth
import Dispatch

/// The demo's peripheral: a CBPeripheralManager serving the Heart Rate service, advertising it, and
/// notifying a measurement every few hundred milliseconds to subscribed centrals.
///
/// `@unchecked Sendable`: every property is used only on the demo's queue, where the manager calls its delegate.
final class HeartRateSensor: NSObject, CBPeripheralManagerDelegate, @unchecked Sendable {
    private let narrator: Narrator
    private let queue: DispatchQueue
    private var manager: CBPeripheralManager?
    private var measurement: CBMutableCharacteristic?
    private var timer: DispatchSourceTimer?
    private var beats: UInt8 = 68
    private var advertising: (() -> Void)?

    init(narrator: Narrator, queue: DispatchQueue) {
        self.narrator = narrator
        self.queue = queue
    }

    /// Creates the peripheral manager; the rest follows from its delegate calls. `advertising` runs once the
    /// sensor advertises, so that the story is told in the order a user would see it on two devices.
    func start(advertising: @escaping () -> Void) {
        self.advertising = advertising
        manager = CBPeripheralManager(delegate: self, queue: queue, options: [CBManagerOptionTransportKey: "virtual"])
    }

    func peripheralManagerDidUpdateState(_ peripheral: CBPeripheralManager) {
        guard peripheral.state == .poweredOn else { return }
        let measurement = CBMutableCharacteristic(
            type: HeartRateProfile.measurement, properties: [.notify], value: nil, permissions: [])
        let location = CBMutableCharacteristic(
            type: HeartRateProfile.bodySensorLocation, properties: [.read], value: Data([0x01]),
            permissions: [.readable])
        let controlPoint = CBMutableCharacteristic(
            type: HeartRateProfile.controlPoint, properties: [.write], value: nil, permissions: [.writeable])
        let service = CBMutableService(type: HeartRateProfile.service, primary: true)
        service.characteristics = [measurement, location, controlPoint]
        self.measurement = measurement
        peripheral.add(service)
    }

    func peripheralManager(_ peripheral: CBPeripheralManager, didAdd service: CBService, error: (any Error)?) {
        peripheral.startAdvertising([
            CBAdvertisementDataLocalNameKey: HeartRateProfile.sensorName,
            CBAdvertisementDataServiceUUIDsKey: [HeartRateProfile.service],
        ])
    }

    func peripheralManagerDidStartAdvertising(_ peripheral: CBPeripheralManager, error: (any Error)?) {
        narrator.step(
            "advertise",
            "The sensor (a CBPeripheralManager) publishes the Heart Rate service (180D) and advertises it with its name."
        )
        advertising?()
        advertising = nil
    }

    func peripheralManager(_ peripheral: CBPeripheralManager, didReceiveWrite requests: [CBATTRequest]) {
        guard let first = requests.first else { return }
        beats = 68
        peripheral.respond(to: first, withResult: .success)
    }

    func peripheralManager(
        _ peripheral: CBPeripheralManager, central: CBCentral, didSubscribeTo characteristic: CBCharacteristic
    ) {
        let timer = DispatchSource.makeTimerSource(queue: queue)
        timer.schedule(deadline: .now(), repeating: .milliseconds(200))
        timer.setEventHandler { [weak self] in self?.beat() }
        timer.resume()
        self.timer = timer
    }

    func peripheralManager(
        _ peripheral: CBPeripheralManager, central: CBCentral, didUnsubscribeFrom characteristic: CBCharacteristic
    ) {
        stop()
    }

    /// Stops the measurements and the peripheral manager.
    func stop() {
        timer?.cancel()
        timer = nil
        manager?.stopAdvertising()
    }

    private func beat() {
        guard let manager, let measurement else { return }
        beats = beats >= 80 ? 68 : beats + 3
        _ = manager.updateValue(Data([0x00, beats]), for: measurement, onSubscribedCentrals: nil)
    }
}
