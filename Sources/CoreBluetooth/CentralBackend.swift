import Foundation

/// What a central manager and its peripherals ask of the stack they run on, chosen once when the manager is made:
/// our own host stack (``HostCentralBackend``) or bluetoothd (``BlueZCentralBackend``). Each call is made on the
/// manager's delegate queue, and each implementation reports to the delegates there, as Apple's framework does.
protocol CentralBackend: AnyObject {
    /// Scans for peripherals advertising any of `services` (all when nil or empty); replaces a scan running.
    func scan(services: [CBUUID]?, options: [String: Any]?)
    /// Stops scanning.
    func stopScan()
    /// Connects to `peripheral`, which is disconnected and belongs to the manager.
    func connect(_ peripheral: CBPeripheral, options: [String: Any]?)
    /// Cancels a connection attempt or disconnects.
    func cancel(_ peripheral: CBPeripheral)
    /// Discovers `peripheral`'s primary services, all or those of `uuids`.
    func discoverServices(_ uuids: [CBUUID]?, of peripheral: CBPeripheral)
    /// Discovers the services `service` includes, all or those of `uuids`.
    func discoverIncludedServices(_ uuids: [CBUUID]?, for service: CBService, of peripheral: CBPeripheral)
    /// Discovers `service`'s characteristics, all or those of `uuids`.
    func discoverCharacteristics(_ uuids: [CBUUID]?, for service: CBService, of peripheral: CBPeripheral)
    /// Discovers `characteristic`'s descriptors.
    func discoverDescriptors(for characteristic: CBCharacteristic, of peripheral: CBPeripheral)
    /// Reads `characteristic`'s value.
    func readValue(for characteristic: CBCharacteristic, of peripheral: CBPeripheral)
    /// Reads `descriptor`'s value.
    func readValue(for descriptor: CBDescriptor, of peripheral: CBPeripheral)
    /// Writes `characteristic`'s value with or without response.
    func writeValue(
        _ data: Data, for characteristic: CBCharacteristic, type: CBCharacteristicWriteType, of peripheral: CBPeripheral
    )
    /// Writes `descriptor`'s value (never the Client Characteristic Configuration's).
    func writeValue(_ data: Data, for descriptor: CBDescriptor, of peripheral: CBPeripheral)
    /// Turns `characteristic`'s notifications or indications on or off.
    func setNotifyValue(_ enabled: Bool, for characteristic: CBCharacteristic, of peripheral: CBPeripheral)
    /// Reads the signal strength of `peripheral`'s link.
    func readRSSI(of peripheral: CBPeripheral)
    /// Opens an L2CAP credit-based channel to `psm` on `peripheral`.
    func openL2CAPChannel(_ psm: CBL2CAPPSM, of peripheral: CBPeripheral)
    /// Lets go of the stack: called once, when the manager goes away.
    func close()
}

/// Starts the backend the transport in `options` (or `BLUETOOTH_TRANSPORT`) names for `manager`: bluetoothd for
/// `bluez` and `bluez:hciN`, our host stack otherwise.
func startCentralBackend(for manager: CBCentralManager, options: [String: Any]?) -> any CentralBackend {
    if let adapter = BlueZTransport.adapter(options: options) {
        return BlueZCentralBackend.start(for: manager, adapter: adapter, options: options)
    }
    return HostCentralBackend.start(for: manager, options: options)
}
