import CoreBluetooth

/// The central role: finds a heart-rate sensor, reads where it is worn, prints a number of live heart rates,
/// resets the sensor's energy expended through the control point and disconnects.
final class HeartRateMonitor: NSObject, CBCentralManagerDelegate, CBPeripheralDelegate {
    /// Signalled once the monitor has finished, well or not.
    let finished = DispatchSemaphore(value: 0)
    /// The process exit status: 0 once the whole session ran; read it after ``finished`` is signalled.
    private(set) var exitStatus: Int32 = 1

    private let readingsWanted: Int
    private var readings = 0
    /// Keeps the manager alive; callbacks use the manager they are given, on the queue.
    private var manager: CBCentralManager?
    private var connectedBy: CBCentralManager?
    private var sensor: CBPeripheral?
    private var measurement: CBCharacteristic?
    private var controlPoint: CBCharacteristic?

    /// Starts the monitor; it prints `readings` heart rates before it resets the sensor and disconnects.
    init(queue: DispatchQueue, readings: Int) {
        readingsWanted = readings
        super.init()
        manager = CBCentralManager(delegate: self, queue: queue)
    }

    func centralManagerDidUpdateState(_ central: CBCentralManager) {
        guard central.state == .poweredOn else {
            fail("Bluetooth is not available (state \(central.state.rawValue))")
            return
        }
        print("Monitor: scanning for heart-rate sensors")
        central.scanForPeripherals(withServices: [HeartRateService.service])
    }

    func centralManager(
        _ central: CBCentralManager, didDiscover peripheral: CBPeripheral, advertisementData: [String: Any],
        rssi RSSI: NSNumber
    ) {
        guard sensor == nil else { return }
        let name = advertisementData[CBAdvertisementDataLocalNameKey] as? String ?? peripheral.name ?? "a sensor"
        print("Monitor: found \(name), connecting")
        central.stopScan()
        sensor = peripheral
        central.connect(peripheral)
    }

    func centralManager(_ central: CBCentralManager, didConnect peripheral: CBPeripheral) {
        print("Monitor: connected")
        connectedBy = central
        peripheral.delegate = self
        peripheral.discoverServices([HeartRateService.service])
    }

    func centralManager(_ central: CBCentralManager, didFailToConnect peripheral: CBPeripheral, error: (any Error)?) {
        fail("could not connect: \(error?.localizedDescription ?? "no reason given")")
    }

    func centralManager(
        _ central: CBCentralManager, didDisconnectPeripheral peripheral: CBPeripheral, error: (any Error)?
    ) {
        if let error {
            fail("the sensor disconnected: \(error.localizedDescription)")
            return
        }
        print("Monitor: disconnected")
        exitStatus = readings == readingsWanted ? 0 : 1
        finished.signal()
    }

    func peripheral(_ peripheral: CBPeripheral, didDiscoverServices error: (any Error)?) {
        guard error == nil, let service = peripheral.services?.first(where: { $0.uuid == HeartRateService.service })
        else {
            fail("no Heart Rate service: \(error?.localizedDescription ?? "not found")")
            return
        }
        peripheral.discoverCharacteristics(
            [HeartRateService.measurement, HeartRateService.bodySensorLocation, HeartRateService.controlPoint],
            for: service)
    }

    func peripheral(_ peripheral: CBPeripheral, didDiscoverCharacteristicsFor service: CBService, error: (any Error)?) {
        let characteristics = service.characteristics ?? []
        measurement = characteristics.first { $0.uuid == HeartRateService.measurement }
        controlPoint = characteristics.first { $0.uuid == HeartRateService.controlPoint }
        guard error == nil, measurement != nil, controlPoint != nil,
            let location = characteristics.first(where: { $0.uuid == HeartRateService.bodySensorLocation })
        else {
            fail("the Heart Rate service lacks a characteristic: \(error?.localizedDescription ?? "not found")")
            return
        }
        peripheral.readValue(for: location)
    }

    func peripheral(
        _ peripheral: CBPeripheral, didUpdateValueFor characteristic: CBCharacteristic, error: (any Error)?
    ) {
        if let error {
            fail("reading \(characteristic.uuid) failed: \(error.localizedDescription)")
            return
        }
        let value = characteristic.value ?? Data()
        switch characteristic.uuid {
        case HeartRateService.bodySensorLocation:
            let location = value.first.flatMap { Int($0) < HeartRateService.locations.count ? Int($0) : nil }
            print("Monitor: body sensor location: \(location.map { HeartRateService.locations[$0] } ?? "unknown")")
            if let measurement { peripheral.setNotifyValue(true, for: measurement) }
        case HeartRateService.measurement:
            guard readings < readingsWanted, let bpm = HeartRateService.beatsPerMinute(in: value) else { return }
            readings += 1
            print("Monitor: heart rate \(bpm) bpm")
            if readings == readingsWanted, let measurement, let controlPoint {
                peripheral.setNotifyValue(false, for: measurement)
                peripheral.writeValue(HeartRateService.resetEnergyExpended, for: controlPoint, type: .withResponse)
            }
        default:
            break
        }
    }

    func peripheral(
        _ peripheral: CBPeripheral, didUpdateNotificationStateFor characteristic: CBCharacteristic,
        error: (any Error)?
    ) {
        if let error {
            fail("subscribing failed: \(error.localizedDescription)")
            return
        }
        print("Monitor: notifications \(characteristic.isNotifying ? "on" : "off")")
    }

    func peripheral(
        _ peripheral: CBPeripheral, didWriteValueFor characteristic: CBCharacteristic, error: (any Error)?
    ) {
        if let error {
            fail("writing the control point failed: \(error.localizedDescription)")
            return
        }
        print("Monitor: energy expended reset; disconnecting")
        connectedBy?.cancelPeripheralConnection(peripheral)
    }

    /// Reports why the session ended early and lets the program exit with status 1.
    private func fail(_ reason: String) {
        print("Monitor: \(reason)")
        exitStatus = 1
        finished.signal()
    }
}
