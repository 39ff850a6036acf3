import HCI
import Host

/// A remote peripheral a central manager discovered or retrieved: its connection state, its GATT services,
/// and the operations a GATT client makes on them.
///
/// All of its state is confined to the delegate queue of the manager that owns it: call its methods and read
/// its properties on that queue, where every ``CBPeripheralDelegate`` call arrives. It is `@unchecked Sendable`
/// only so that host-call completions can carry it back to that queue.
open class CBPeripheral: CBPeer, @unchecked Sendable {
    /// The object told of discoveries, values and writes; held weakly.
    open weak var delegate: (any CBPeripheralDelegate)?

    /// The peripheral's name: its advertised local name, or its GAP Device Name once read.
    open internal(set) var name: String?

    /// The signal strength last read, in dBm; superseded by `peripheral(_:didReadRSSI:error:)`.
    @available(*, deprecated, message: "Use peripheral(_:didReadRSSI:error:) instead")
    open var rssi: NSNumber? { lastRSSI }

    /// Where the connection to the peripheral stands.
    open internal(set) var state: CBPeripheralState = .disconnected

    /// The services discovered so far; nil until a discovery succeeds.
    open internal(set) var services: [CBService]?

    /// Whether a write without response may be sent now without being dropped.
    open internal(set) var canSendWriteWithoutResponse = false

    /// Whether the peripheral authorized Apple Notification Center Service; never on Linux.
    open internal(set) var ancsAuthorized = false

    weak var manager: CBCentralManager?
    let address: BluetoothAddress
    let addressType: AddressType
    let queue: DispatchQueue
    let worker = SerialWorker()
    var lastRSSI: NSNumber?
    var link: ConnectionHandle?
    var attempt: ConnectAttempt?
    var lostLink: ConnectionHandle?
    var reconnectsAutomatically = false
    var serviceRanges: [ObjectIdentifier: DiscoveredService] = [:]
    /// Every service discovered on this link, primary or found through an include: the peripheral owns them, the
    /// services that include them only refer to them (see ``CBService/includedServices``).
    var foundServices: [ObjectIdentifier: CBService] = [:]
    var characteristicDeclarations: [ObjectIdentifier: DiscoveredCharacteristic] = [:]
    var descriptorHandles: [ObjectIdentifier: DiscoveredDescriptor] = [:]
    /// How many Service Changed indications the peer has sent on this link: a discovery that sees it move while it
    /// ran may hold handles of the old database.
    var servicesGeneration = 0
    var pendingFailures: [UInt64: (any Error) -> Void] = [:]
    var nextOperation: UInt64 = 0
    var unsentWrites = 0
    var heldNotifications: [ObjectIdentifier: NotificationHold] = [:]
    var channels = L2CAPChannelTable()

    init(address: BluetoothAddress, type: AddressType, manager: CBCentralManager, queue: DispatchQueue) {
        self.address = address
        self.addressType = type
        self.manager = manager
        self.queue = queue
        super.init(identifier: PeripheralIdentifier.make(address: address, type: type))
    }

    /// The peripheral as Apple describes it: `<CBPeripheral: 0x…, identifier = …, name = …, mtu = 23, state = connected>`.
    open override var description: String {
        "<\(type(of: self)): \(addressDescription), identifier = \(identifier.uuidString), name = \(name ?? "(null)"), "
            + "mtu = \(mtu), state = \(stateName)>"
    }

    private var stateName: String {
        switch state {
        case .disconnected: "disconnected"
        case .connecting: "connecting"
        case .connected: "connected"
        case .disconnecting: "disconnecting"
        }
    }

    /// The most bytes one write of the given type can carry: 512 with response (long writes are split by the
    /// stack), ATT_MTU - 3 without.
    ///
    /// Bluetooth Core Specification Vol 3, Part F, 3.2.9 and 3.4.5.3.
    @discardableResult
    open func maximumWriteValueLength(for type: CBCharacteristicWriteType) -> Int {
        switch type {
        case .withResponse: 512
        case .withoutResponse: min(max(mtu - 3, 0), 512)
        }
    }

    /// Discovers the peripheral's primary services, all of them or those with the given UUIDs; the result
    /// arrives in `peripheral(_:didDiscoverServices:)`, and ``services`` then holds every service found so far.
    open func discoverServices(_ serviceUUIDs: [CBUUID]?) {
        backend.discoverServices(serviceUUIDs, of: self)
    }

    /// Finds the services a service includes, all of them or those with the given UUIDs; the result arrives in
    /// `peripheral(_:didDiscoverIncludedServicesFor:error:)`.
    open func discoverIncludedServices(_ includedServiceUUIDs: [CBUUID]?, for service: CBService) {
        backend.discoverIncludedServices(includedServiceUUIDs, for: service, of: self)
    }

    /// Discovers a service's characteristics, all of them or those with the given UUIDs; the result arrives in
    /// `peripheral(_:didDiscoverCharacteristicsFor:error:)`.
    open func discoverCharacteristics(_ characteristicUUIDs: [CBUUID]?, for service: CBService) {
        backend.discoverCharacteristics(characteristicUUIDs, for: service, of: self)
    }

    /// Discovers a characteristic's descriptors; the result arrives in
    /// `peripheral(_:didDiscoverDescriptorsFor:error:)`.
    open func discoverDescriptors(for characteristic: CBCharacteristic) {
        backend.discoverDescriptors(for: characteristic, of: self)
    }

    /// Reads a characteristic's value, long ones whole; the result arrives in
    /// `peripheral(_:didUpdateValueFor:error:)` with the value in `characteristic.value`.
    open func readValue(for characteristic: CBCharacteristic) {
        backend.readValue(for: characteristic, of: self)
    }

    /// Reads a descriptor's value; the result arrives in `peripheral(_:didUpdateValueFor:error:)`, typed by the
    /// descriptor's UUID.
    open func readValue(for descriptor: CBDescriptor) {
        backend.readValue(for: descriptor, of: self)
    }

    /// Writes a characteristic's value: with response the result arrives in
    /// `peripheral(_:didWriteValueFor:error:)`; without response nothing answers, and
    /// `peripheralIsReady(toSendWriteWithoutResponse:)` says when the app may send again.
    open func writeValue(_ data: Data, for characteristic: CBCharacteristic, type: CBCharacteristicWriteType) {
        backend.writeValue(data, for: characteristic, type: type, of: self)
    }

    /// Writes a descriptor's value; the result arrives in `peripheral(_:didWriteValueFor:error:)`. The Client
    /// Characteristic Configuration descriptor is refused, as Apple refuses it: use ``setNotifyValue(_:for:)``.
    open func writeValue(_ data: Data, for descriptor: CBDescriptor) {
        precondition(
            descriptor.uuid.bluetoothUUID != .clientCharacteristicConfiguration,
            "Client Characteristic Configuration descriptors must be configured using setNotifyValue:forCharacteristic:"
        )
        backend.writeValue(data, for: descriptor, of: self)
    }

    /// Turns notifications or indications of a characteristic on or off; the result arrives in
    /// `peripheral(_:didUpdateNotificationStateFor:error:)`, and values in `peripheral(_:didUpdateValueFor:error:)`.
    open func setNotifyValue(_ enabled: Bool, for characteristic: CBCharacteristic) {
        backend.setNotifyValue(enabled, for: characteristic, of: self)
    }

    /// Reads the connection's signal strength; the result arrives in `peripheral(_:didReadRSSI:error:)`.
    open func readRSSI() {
        backend.readRSSI(of: self)
    }

    /// Carries out ``readRSSI()`` on the host stack: the controller's RSSI of the link.
    func readLinkRSSI() {
        perform("readRSSI", { host, link throws(HostError) in try await host.readRSSI(link) }) { [self] result in
            let rssi: NSNumber
            let error: (any Error)?
            switch result {
            case .success(let value):
                rssi = NSNumber(value: value)
                lastRSSI = rssi
                error = nil
            case .failure(let failure):
                rssi = NSNumber(value: 127)
                error = failure
            }
            delegate?.peripheral(self, didReadRSSI: rssi, error: error)
        }
    }

    /// Opens an L2CAP connection-oriented channel to `PSM`; the result arrives in `peripheral(_:didOpen:error:)`.
    ///
    /// When the peer refuses for want of encryption, the link is paired (or encrypted with the bond's key) and the
    /// channel asked for once more, as iOS does. A PSM of 0 stops the program, as Apple's raises; on a peripheral
    /// that is not connected the call is dropped with a log line. Keep the channel handed to the delegate: it
    /// closes when released.
    open func openL2CAPChannel(_ PSM: CBL2CAPPSM) {
        precondition(PSM > 0, "psm > 0")
        backend.openL2CAPChannel(PSM, of: self)
    }

    /// The stack the manager runs on; our host stack's code when the manager is gone, which then drops every call
    /// as made on a peripheral that is not connected.
    var backend: any CentralBackend {
        manager?.backend ?? HostCentralBackend(manager: nil)
    }

    /// Runs a host call on this peripheral's link after every call issued before it, and hands its result,
    /// on the delegate queue, to `completion`; when the link goes down first, `completion` gets the
    /// disconnection's error instead.
    ///
    /// Dropped with a log line, as Apple does, when the peripheral is not connected.
    ///
    /// - Returns: Whether the call was taken (the completion then runs once, later).
    @discardableResult
    func perform<Value: Sendable>(
        _ command: String,
        _ call: @escaping @Sendable (BluetoothHost, ConnectionHandle) async throws(HostError) -> Value,
        completion: @escaping (Result<Value, any Error>) -> Void
    ) -> Bool {
        guard state == .connected, let link, let host = manager?.host else {
            CoreBluetoothLog.warning("API MISUSE: \(self) is not connected, ignoring \(command)")
            return false
        }
        schedule(
            {
                do throws(HostError) {
                    return .success(try await call(host, link))
                } catch {
                    return .failure(error.reported)
                }
            }, completion: completion)
        return true
    }

    /// Runs `work` after every operation issued before it and hands its result, on the delegate queue, to
    /// `completion`; when the link goes down first, `completion` gets the disconnection's error instead.
    func schedule<Value: Sendable>(
        _ work: @escaping @Sendable () async -> Result<Value, any Error>,
        completion: @escaping (Result<Value, any Error>) -> Void
    ) {
        let id = nextOperation
        nextOperation += 1
        pendingFailures[id] = { error in completion(.failure(error)) }
        let confined = QueueConfined(completion)
        worker.enqueue { [self] in
            guard await isPending(id) else { return }
            let result = await work()
            queue.async { [self] in
                guard pendingFailures.removeValue(forKey: id) != nil else { return }
                confined.value(result)
            }
        }
    }

    private func isPending(_ id: UInt64) async -> Bool {
        await withCheckedContinuation { continuation in
            queue.async { [self] in continuation.resume(returning: pendingFailures[id] != nil) }
        }
    }

    /// The link is up: records it and makes the peripheral connected.
    func linkUp(_ link: HostLink) {
        self.link = link.handle
        mtu = link.mtu
        canSendWriteWithoutResponse = true
        state = .connected
    }

    /// Does what the system does on every new connection, ahead of any operation the app issues: reads the peer's
    /// Device Name (a new one reaches `peripheralDidUpdateName(_:)`) and subscribes to its Service Changed
    /// indications. Either may be missing or refused; the link is usable regardless.
    ///
    /// Bluetooth Core Specification Vol 3, Part C, 12.1, and Part G, 7.1.
    func prepareLink() {
        guard let link, let host = manager?.host else { return }
        worker.enqueue { [self] in
            if let value = try? await host.run(GATTClientReadUsingCharacteristicUUID(uuid: .deviceName), on: link)
                .first?.value, let name = String(validating: value, as: UTF8.self), !name.isEmpty
            {
                queue.async { [self] in
                    if self.link == link { rename(name) }
                }
            }
            do throws(HostError) {
                guard
                    let service = try await host.discoverPrimaryServices(on: link, uuid: .genericAttributeService)
                        .first,
                    let changed = try await host.discoverCharacteristics(of: service, on: link)
                        .first(where: { $0.uuid == .serviceChanged })
                else { return }
                try await host.configureUpdates(.indication, of: changed, on: link)
            } catch {
                return
            }
        }
    }

    /// The link went down: fails every pending operation with `error`, in the order they were issued, then
    /// forgets the link and every discovered attribute.
    func linkDown(failingWith error: any Error) {
        link = nil
        let failures = pendingFailures.sorted { $0.key < $1.key }
        pendingFailures = [:]
        for (_, fail) in failures { fail(error) }
        reset()
    }

    /// Makes the peripheral disconnected without telling anyone, as when the radio goes off.
    func reset() {
        pendingFailures = [:]
        state = .disconnected
        link = nil
        attempt = nil
        mtu = 23
        lastRSSI = nil
        canSendWriteWithoutResponse = false
        unsentWrites = 0
        services = nil
        serviceRanges = [:]
        foundServices = [:]
        characteristicDeclarations = [:]
        descriptorHandles = [:]
        channels.endAll()
    }

    /// Takes a new name, telling the delegate when it replaces another.
    func rename(_ newName: String) {
        guard newName != name else { return }
        let hadName = name != nil
        name = newName
        if hadName { delegate?.peripheralDidUpdateName(self) }
    }
}
