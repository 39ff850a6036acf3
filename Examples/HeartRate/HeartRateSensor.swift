import CoreBluetooth

/// The peripheral role: publishes the Heart Rate service, advertises it, and notifies a simulated heart rate to
/// subscribers every quarter second.
final class HeartRateSensor: NSObject, CBPeripheralManagerDelegate {
    private let queue: DispatchQueue
    /// Keeps the manager alive; callbacks use the manager they are given, on the queue.
    private var manager: CBPeripheralManager?
    private let measurement = CBMutableCharacteristic(
        type: HeartRateService.measurement, properties: [.notify], value: nil, permissions: [.readable])
    private var timer: DispatchSourceTimer?
    private var beat = 0
    private var unsentValue: Data?

    /// Starts the sensor; its manager calls back on `queue`.
    init(queue: DispatchQueue) {
        self.queue = queue
        super.init()
        manager = CBPeripheralManager(delegate: self, queue: queue)
    }

    func peripheralManagerDidUpdateState(_ peripheral: CBPeripheralManager) {
        guard peripheral.state == .poweredOn else {
            print("Sensor: Bluetooth is not available (state \(peripheral.state.rawValue))")
            return
        }
        let location = CBMutableCharacteristic(
            type: HeartRateService.bodySensorLocation, properties: [.read], value: Data([0x01]),
            permissions: [.readable])
        let controlPoint = CBMutableCharacteristic(
            type: HeartRateService.controlPoint, properties: [.write], value: nil, permissions: [.writeable])
        let service = CBMutableService(type: HeartRateService.service, primary: true)
        service.characteristics = [measurement, location, controlPoint]
        peripheral.add(service)
    }

    func peripheralManager(_ peripheral: CBPeripheralManager, didAdd service: CBService, error: (any Error)?) {
        if let error {
            print("Sensor: could not publish the service: \(error.localizedDescription)")
            return
        }
        peripheral.startAdvertising([
            CBAdvertisementDataLocalNameKey: "Heart Rate Sensor",
            CBAdvertisementDataServiceUUIDsKey: [HeartRateService.service],
        ])
    }

    func peripheralManagerDidStartAdvertising(_ peripheral: CBPeripheralManager, error: (any Error)?) {
        if let error {
            print("Sensor: could not advertise: \(error.localizedDescription)")
        } else {
            print("Sensor: advertising the Heart Rate service")
        }
    }

    func peripheralManager(
        _ peripheral: CBPeripheralManager, central: CBCentral, didSubscribeTo characteristic: CBCharacteristic
    ) {
        print("Sensor: a monitor subscribed to heart rate measurements")
        guard timer == nil else { return }
        let timer = DispatchSource.makeTimerSource(queue: queue)
        timer.schedule(deadline: .now(), repeating: .milliseconds(250))
        timer.setEventHandler { [weak self, weak peripheral] in
            if let peripheral { self?.measure(on: peripheral) }
        }
        timer.resume()
        self.timer = timer
    }

    func peripheralManager(
        _ peripheral: CBPeripheralManager, central: CBCentral, didUnsubscribeFrom characteristic: CBCharacteristic
    ) {
        print("Sensor: the monitor unsubscribed")
        timer?.cancel()
        timer = nil
        unsentValue = nil
    }

    func peripheralManagerIsReady(toUpdateSubscribers peripheral: CBPeripheralManager) {
        guard let value = unsentValue else { return }
        if peripheral.updateValue(value, for: measurement, onSubscribedCentrals: nil) {
            unsentValue = nil
        }
    }

    func peripheralManager(_ peripheral: CBPeripheralManager, didReceiveWrite requests: [CBATTRequest]) {
        guard let request = requests.first else { return }
        guard request.characteristic.uuid == HeartRateService.controlPoint,
            request.value == HeartRateService.resetEnergyExpended
        else {
            peripheral.respond(to: request, withResult: .requestNotSupported)
            return
        }
        print("Sensor: energy expended reset")
        peripheral.respond(to: request, withResult: .success)
    }

    /// Notifies the next simulated heart rate; a value the transmit queue has no room for waits for
    /// `peripheralManagerIsReady(toUpdateSubscribers:)`.
    private func measure(on manager: CBPeripheralManager) {
        let bpm = UInt8(70 + beat % 7)
        beat += 1
        let value = HeartRateService.measurementValue(bpm: bpm)
        if !manager.updateValue(value, for: measurement, onSubscribedCentrals: nil) {
            unsentValue = value
        }
    }
}
