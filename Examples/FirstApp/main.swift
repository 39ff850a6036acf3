import CoreBluetooth

/// Finds a thermometer (Health Thermometer service 1809), connects and lists its services.
final class Finder: NSObject, CBCentralManagerDelegate, CBPeripheralDelegate {
    var manager: CBCentralManager?
    var thermometer: CBPeripheral?

    func centralManagerDidUpdateState(_ central: CBCentralManager) {
        guard central.state == .poweredOn else { return print("Bluetooth is \(central.state.rawValue)") }
        central.scanForPeripherals(withServices: [CBUUID(string: "1809")])
    }

    func centralManager(
        _ central: CBCentralManager, didDiscover peripheral: CBPeripheral, advertisementData: [String: Any],
        rssi RSSI: NSNumber
    ) {
        print("found \(peripheral.name ?? "a thermometer") at \(RSSI) dBm")
        central.stopScan()
        thermometer = peripheral
        central.connect(peripheral)
    }

    func centralManager(_ central: CBCentralManager, didConnect peripheral: CBPeripheral) {
        peripheral.delegate = self
        peripheral.discoverServices(nil)
    }

    func peripheral(_ peripheral: CBPeripheral, didDiscoverServices error: (any Error)?) {
        for service in peripheral.services ?? [] { print("service \(service.uuid.uuidString)") }
        exit(0)
    }
}

let finder = Finder()
finder.manager = CBCentralManager(delegate: finder, queue: nil)
RunLoop.main.run()
