import CoreBluetooth
import Dispatch

/// The demo's central: a CBCentralManager that scans for the Heart Rate service, connects, explores
/// the GATT tree, reads the sensor location, writes the control point, subscribes to measurements,
/// shows a few of them and disconnects, narrating each step.
///
/// `@unchecked Sendable`: every property is used only on the demo's queue, where the managers call their delegates.
final class HeartRateMonitor: NSObject, CBCentralManagerDelegate, CBPeripheralDelegate, @unchecked Sendable {
    private let narrator: Narrator
    private let queue: DispatchQueue
    private let options: [String: Any]
    private let measurementsWanted: Int
    private var finished: CheckedContinuation<Void, any Error>?
    private var manager: CBCentralManager?
    private var sensor: CBPeripheral?
    private var servicesToExplore = 0
    private var characteristicsToExplore = 0
    private var measurements = 0

    init(narrator: Narrator, queue: DispatchQueue, options: [String: Any], measurements: Int) {
        self.narrator = narrator
        self.queue = queue
        self.options = options
        self.measurementsWanted = measurements
    }

    /// Creates the central manager; `finished` resumes once the monitor has disconnected, or with the first error.
    func start(_ finished: CheckedContinuation<Void, any Error>) {
        self.finished = finished
        manager = CBCentralManager(delegate: self, queue: queue, options: options)
    }

    private func fail(_ what: String, _ error: any Error) {
        finished?.resume(throwing: DemoError(what: what, cause: error))
        finished = nil
        if let manager, let sensor { manager.cancelPeripheralConnection(sensor) }
    }

    func centralManagerDidUpdateState(_ central: CBCentralManager) {
        guard central.state == .poweredOn else {
            finished?.resume(throwing: DemoError(what: "the monitor's radio", cause: nil))
            finished = nil
            return
        }
        central.scanForPeripherals(withServices: [HeartRateProfile.service])
        narrator.step("scan", "The monitor (a CBCentralManager) scans for devices offering the Heart Rate service.")
    }

    func centralManager(
        _ central: CBCentralManager, didDiscover peripheral: CBPeripheral, advertisementData: [String: Any],
        rssi RSSI: NSNumber
    ) {
        guard sensor == nil else { return }
        central.stopScan()
        sensor = peripheral
        let name = advertisementData[CBAdvertisementDataLocalNameKey] as? String ?? "an unnamed device"
        narrator.step(
            "discovered",
            "Found \"\(name)\" at \(RSSI) dBm, identifier \(peripheral.identifier.uuidString); connecting.",
            ["name": name, "rssi": RSSI.intValue, "identifier": peripheral.identifier.uuidString])
        central.connect(peripheral)
    }

    func centralManager(_ central: CBCentralManager, didFailToConnect peripheral: CBPeripheral, error: (any Error)?) {
        fail("connecting", error ?? CBError(.unknown))
    }

    func centralManager(_ central: CBCentralManager, didConnect peripheral: CBPeripheral) {
        narrator.step(
            "connected",
            "Connected. Up to \(peripheral.maximumWriteValueLength(for: .withoutResponse)) bytes fit one write now that "
                + "the ATT MTU is exchanged; exploring the GATT tree.")
        peripheral.delegate = self
        peripheral.discoverServices(nil)
    }

    func peripheral(_ peripheral: CBPeripheral, didDiscoverServices error: (any Error)?) {
        if let error { return fail("discovering services", error) }
        let services = peripheral.services ?? []
        servicesToExplore = services.count
        for service in services { peripheral.discoverCharacteristics(nil, for: service) }
    }

    func peripheral(_ peripheral: CBPeripheral, didDiscoverCharacteristicsFor service: CBService, error: (any Error)?) {
        if let error { return fail("discovering characteristics", error) }
        servicesToExplore -= 1
        for characteristic in service.characteristics ?? [] {
            characteristicsToExplore += 1
            peripheral.discoverDescriptors(for: characteristic)
        }
        if servicesToExplore == 0, characteristicsToExplore == 0 { explored(peripheral) }
    }

    func peripheral(
        _ peripheral: CBPeripheral, didDiscoverDescriptorsFor characteristic: CBCharacteristic, error: (any Error)?
    ) {
        if let error { return fail("discovering descriptors", error) }
        characteristicsToExplore -= 1
        if servicesToExplore == 0, characteristicsToExplore == 0 { explored(peripheral) }
    }

    private func explored(_ peripheral: CBPeripheral) {
        let services = peripheral.services ?? []
        var lines: [String] = []
        for service in services {
            lines.append("  service \(Self.named(service.uuid))")
            for characteristic in service.characteristics ?? [] {
                let descriptors = (characteristic.descriptors ?? []).map { Self.named($0.uuid) }
                lines.append(
                    "    characteristic \(Self.named(characteristic.uuid))"
                        + (descriptors.isEmpty ? "" : " (descriptors: \(descriptors.joined(separator: ", ")))"))
            }
        }
        narrator.step(
            "explored", "The sensor's GATT tree:\n" + lines.joined(separator: "\n"),
            ["services": services.map(\.uuid.uuidString).joined(separator: ",")])
        guard let location = find(HeartRateProfile.bodySensorLocation, of: peripheral) else {
            return fail("finding the Body Sensor Location", CBError(.invalidParameters))
        }
        peripheral.readValue(for: location)
    }

    private static func named(_ uuid: CBUUID) -> String {
        AssignedNumbers.name(of: uuid.uuidString).map { "\($0) (\(uuid.uuidString))" } ?? uuid.uuidString
    }

    private func find(_ uuid: CBUUID, of peripheral: CBPeripheral) -> CBCharacteristic? {
        peripheral.services?.first { $0.uuid == HeartRateProfile.service }?.characteristics?.first { $0.uuid == uuid }
    }

    func peripheral(_ peripheral: CBPeripheral, didUpdateValueFor characteristic: CBCharacteristic, error: (any Error)?)
    {
        if let error { return fail("reading \(characteristic.uuid)", error) }
        let value = characteristic.value ?? Data()
        if characteristic.uuid == HeartRateProfile.bodySensorLocation {
            let code = Int(value.first ?? 0)
            let place = code < HeartRateProfile.locations.count ? HeartRateProfile.locations[code] : "code \(code)"
            narrator.step("read", "Read the Body Sensor Location: \(place).", ["location": place])
            guard let controlPoint = find(HeartRateProfile.controlPoint, of: peripheral) else {
                return fail("finding the Heart Rate Control Point", CBError(.invalidParameters))
            }
            peripheral.writeValue(Data([0x01]), for: controlPoint, type: .withResponse)
        } else if characteristic.uuid == HeartRateProfile.measurement, measurements < measurementsWanted {
            measurements += 1
            let bpm = HeartRateProfile.beatsPerMinute(value)
            narrator.step(
                "notification", "Heart rate: \(bpm.map(String.init) ?? "?") bpm",
                ["bpm": bpm.map { $0 as Any } ?? NSNull()])
            if measurements == measurementsWanted { manager?.cancelPeripheralConnection(peripheral) }
        }
    }

    func peripheral(_ peripheral: CBPeripheral, didWriteValueFor characteristic: CBCharacteristic, error: (any Error)?)
    {
        if let error { return fail("writing \(characteristic.uuid)", error) }
        narrator.step(
            "write", "Wrote 01 (reset energy expended) to the Heart Rate Control Point; the sensor applied it.")
        guard let measurement = find(HeartRateProfile.measurement, of: peripheral) else {
            return fail("finding the Heart Rate Measurement", CBError(.invalidParameters))
        }
        peripheral.setNotifyValue(true, for: measurement)
    }

    func peripheral(
        _ peripheral: CBPeripheral, didUpdateNotificationStateFor characteristic: CBCharacteristic, error: (any Error)?
    ) {
        if let error { return fail("subscribing", error) }
        narrator.step("subscribed", "Subscribed to Heart Rate Measurement notifications; live values follow.")
    }

    func centralManager(
        _ central: CBCentralManager, didDisconnectPeripheral peripheral: CBPeripheral, error: (any Error)?
    ) {
        narrator.step(
            "disconnected",
            error.map { "The link went down: \($0.localizedDescription)" } ?? "Disconnected from the sensor, as asked.")
        finished?.resume()
        finished = nil
    }
}

/// A step of the demo that failed, and why.
struct DemoError: Error, CustomStringConvertible {
    let what: String
    let cause: (any Error)?

    var description: String {
        cause.map { "\(what) failed: \($0.localizedDescription)" } ?? "\(what) is not available"
    }
}
