import CoreBluetooth
import Testing

/// A central-side delegate written as an iOS 17 app writes one: every optional method of both protocols, with
/// Apple's exact signatures, and the casts apps make on what they are given.
final class AppleStyleCentralDelegate: NSObject, CBCentralManagerDelegate, CBPeripheralDelegate {
    static let heartRate = CBUUID(string: "180D")
    static let measurement = CBUUID(string: "0x2A37")
    var discovered: [CBPeripheral] = []
    var lastError: String?

    func centralManagerDidUpdateState(_ central: CBCentralManager) {
        switch central.state {
        case .poweredOn:
            central.scanForPeripherals(
                withServices: [Self.heartRate],
                options: [
                    CBCentralManagerScanOptionAllowDuplicatesKey: false,
                    CBCentralManagerScanOptionSolicitedServiceUUIDsKey: [Self.heartRate],
                ])
        case .poweredOff, .resetting, .unauthorized, .unsupported, .unknown:
            break
        @unknown default:
            break
        }
    }

    func centralManager(_ central: CBCentralManager, willRestoreState dict: [String: Any]) {
        let peripherals = dict[CBCentralManagerRestoredStatePeripheralsKey] as? [CBPeripheral] ?? []
        let services = dict[CBCentralManagerRestoredStateScanServicesKey] as? [CBUUID] ?? []
        let options = dict[CBCentralManagerRestoredStateScanOptionsKey] as? [String: Any] ?? [:]
        for peripheral in peripherals { peripheral.delegate = self }
        _ = (services, options)
    }

    func centralManager(
        _ central: CBCentralManager, didDiscover peripheral: CBPeripheral, advertisementData: [String: Any],
        rssi RSSI: NSNumber
    ) {
        let name = advertisementData[CBAdvertisementDataLocalNameKey] as? String ?? peripheral.name ?? "Unknown"
        let uuids = advertisementData[CBAdvertisementDataServiceUUIDsKey] as? [CBUUID] ?? []
        let serviceData = advertisementData[CBAdvertisementDataServiceDataKey] as? [CBUUID: Data]
        let manufacturer = advertisementData[CBAdvertisementDataManufacturerDataKey] as? Data
        let power = (advertisementData[CBAdvertisementDataTxPowerLevelKey] as? NSNumber)?.intValue
        let connectable = advertisementData[CBAdvertisementDataIsConnectable] as? Bool ?? false
        let overflow = advertisementData[CBAdvertisementDataOverflowServiceUUIDsKey] as? [CBUUID]
        let solicited = advertisementData[CBAdvertisementDataSolicitedServiceUUIDsKey] as? [CBUUID]
        _ = (name, serviceData, manufacturer, power, overflow, solicited, RSSI.intValue)
        guard connectable, uuids.contains(Self.heartRate), !discovered.contains(peripheral) else { return }
        discovered.append(peripheral)
        central.stopScan()
        central.connect(
            peripheral,
            options: [
                CBConnectPeripheralOptionNotifyOnConnectionKey: true,
                CBConnectPeripheralOptionNotifyOnDisconnectionKey: true,
                CBConnectPeripheralOptionNotifyOnNotificationKey: true,
                CBConnectPeripheralOptionStartDelayKey: NSNumber(value: 0),
                CBConnectPeripheralOptionEnableTransportBridgingKey: false,
                CBConnectPeripheralOptionRequiresANCS: false,
                CBConnectPeripheralOptionEnableAutoReconnect: false,
            ])
    }

    func centralManager(_ central: CBCentralManager, didConnect peripheral: CBPeripheral) {
        peripheral.delegate = self
        peripheral.discoverServices([Self.heartRate])
    }

    func centralManager(_ central: CBCentralManager, didFailToConnect peripheral: CBPeripheral, error: Error?) {
        lastError = error?.localizedDescription
    }

    func centralManager(
        _ central: CBCentralManager, didDisconnectPeripheral peripheral: CBPeripheral, error: (any Error)?
    ) {
        if let error = error as? CBError, error.code == .peripheralDisconnected {
            central.connect(peripheral)
        }
    }

    func centralManager(
        _ central: CBCentralManager, didDisconnectPeripheral peripheral: CBPeripheral, timestamp: CFAbsoluteTime,
        isReconnecting: Bool, error: (any Error)?
    ) {
        let downFor = CFAbsoluteTimeGetCurrent() - timestamp
        if !isReconnecting, downFor >= 0 {
            central.retrievePeripherals(withIdentifiers: [peripheral.identifier])
            central.retrieveConnectedPeripherals(withServices: [Self.heartRate])
        }
    }

    func centralManager(
        _ central: CBCentralManager, connectionEventDidOccur event: CBConnectionEvent, for peripheral: CBPeripheral
    ) {
        switch event {
        case .peerConnected, .peerDisconnected: break
        @unknown default: break
        }
    }

    func centralManager(_ central: CBCentralManager, didUpdateANCSAuthorizationFor peripheral: CBPeripheral) {
        _ = peripheral.ancsAuthorized
    }

    func peripheralDidUpdateName(_ peripheral: CBPeripheral) {}

    func peripheral(_ peripheral: CBPeripheral, didModifyServices invalidatedServices: [CBService]) {
        peripheral.discoverServices(invalidatedServices.map(\.uuid))
    }

    func peripheral(_ peripheral: CBPeripheral, didReadRSSI RSSI: NSNumber, error: Error?) {}

    func peripheral(_ peripheral: CBPeripheral, didDiscoverServices error: Error?) {
        for service in peripheral.services ?? [] where service.uuid == Self.heartRate {
            peripheral.discoverIncludedServices(nil, for: service)
            peripheral.discoverCharacteristics([Self.measurement], for: service)
        }
    }

    func peripheral(_ peripheral: CBPeripheral, didDiscoverIncludedServicesFor service: CBService, error: Error?) {}

    func peripheral(_ peripheral: CBPeripheral, didDiscoverCharacteristicsFor service: CBService, error: Error?) {
        for characteristic in service.characteristics ?? [] {
            if characteristic.properties.contains(.notify) || characteristic.properties.contains(.indicate) {
                peripheral.setNotifyValue(true, for: characteristic)
            }
            if characteristic.properties.contains(.read) { peripheral.readValue(for: characteristic) }
            if characteristic.properties.contains(.writeWithoutResponse), peripheral.canSendWriteWithoutResponse {
                let chunk = Data(repeating: 0, count: peripheral.maximumWriteValueLength(for: .withoutResponse))
                peripheral.writeValue(chunk, for: characteristic, type: .withoutResponse)
            } else if characteristic.properties.contains(.write) {
                peripheral.writeValue(Data([1]), for: characteristic, type: .withResponse)
            }
            peripheral.discoverDescriptors(for: characteristic)
        }
    }

    func peripheral(
        _ peripheral: CBPeripheral, didUpdateValueFor characteristic: CBCharacteristic, error: (any Error)?
    ) {
        if let error = error as? CBATTError {
            switch error.code {
            case .insufficientAuthentication, .insufficientEncryption: lastError = "pair"
            case .readNotPermitted: lastError = "unreadable"
            default: lastError = error.localizedDescription
            }
            return
        }
        guard let data = characteristic.value, let flags = data.first else { return }
        _ = (flags, characteristic.service?.uuid, characteristic.isNotifying)
    }

    func peripheral(_ peripheral: CBPeripheral, didWriteValueFor characteristic: CBCharacteristic, error: Error?) {}

    func peripheral(
        _ peripheral: CBPeripheral, didUpdateNotificationStateFor characteristic: CBCharacteristic, error: Error?
    ) {}

    func peripheral(
        _ peripheral: CBPeripheral, didDiscoverDescriptorsFor characteristic: CBCharacteristic, error: Error?
    ) {
        for descriptor in characteristic.descriptors ?? [] { peripheral.readValue(for: descriptor) }
    }

    func peripheral(_ peripheral: CBPeripheral, didUpdateValueFor descriptor: CBDescriptor, error: Error?) {
        switch descriptor.uuid.uuidString {
        case CBUUIDCharacteristicUserDescriptionString: _ = descriptor.value as? String
        case CBUUIDClientCharacteristicConfigurationString: _ = (descriptor.value as? NSNumber)?.uint16Value
        default: _ = descriptor.value as? Data
        }
        _ = descriptor.characteristic?.uuid
    }

    func peripheral(_ peripheral: CBPeripheral, didWriteValueFor descriptor: CBDescriptor, error: Error?) {}

    func peripheralIsReady(toSendWriteWithoutResponse peripheral: CBPeripheral) {}

    func peripheral(_ peripheral: CBPeripheral, didOpen channel: CBL2CAPChannel?, error: Error?) {
        guard let channel else { return }
        channel.inputStream.open()
        channel.outputStream.open()
        _ = (channel.psm, channel.peer.identifier)
    }
}

/// A peripheral-side delegate written as an iOS 17 app writes one, every optional method included.
final class AppleStyleSensorDelegate: NSObject, CBPeripheralManagerDelegate {
    let measurement = CBMutableCharacteristic(
        type: CBUUID(string: "2A37"), properties: [.notify, .read], value: nil,
        permissions: [.readable, .readEncryptionRequired])
    var value = Data([0, 72])

    func peripheralManagerDidUpdateState(_ peripheral: CBPeripheralManager) {
        guard peripheral.state == .poweredOn else { return }
        let service = CBMutableService(type: CBUUID(string: "180D"), primary: true)
        measurement.descriptors = [
            CBMutableDescriptor(
                type: CBUUID(string: CBUUIDCharacteristicUserDescriptionString), value: "Heart rate")
        ]
        service.characteristics = [measurement]
        peripheral.add(service)
    }

    func peripheralManager(_ peripheral: CBPeripheralManager, willRestoreState dict: [String: Any]) {
        _ = dict[CBPeripheralManagerRestoredStateServicesKey] as? [CBMutableService]
        _ = dict[CBPeripheralManagerRestoredStateAdvertisementDataKey] as? [String: Any]
    }

    func peripheralManagerDidStartAdvertising(_ peripheral: CBPeripheralManager, error: Error?) {}

    func peripheralManager(_ peripheral: CBPeripheralManager, didAdd service: CBService, error: Error?) {
        guard error == nil else { return }
        peripheral.startAdvertising([
            CBAdvertisementDataLocalNameKey: "Sensor", CBAdvertisementDataServiceUUIDsKey: [service.uuid],
        ])
    }

    func peripheralManager(
        _ peripheral: CBPeripheralManager, central: CBCentral, didSubscribeTo characteristic: CBCharacteristic
    ) {
        peripheral.setDesiredConnectionLatency(.low, for: central)
        peripheral.updateValue(
            value.prefix(central.maximumUpdateValueLength), for: measurement, onSubscribedCentrals: [central])
        peripheral.updateValue(value, for: measurement, onSubscribedCentrals: nil)
    }

    func peripheralManager(
        _ peripheral: CBPeripheralManager, central: CBCentral, didUnsubscribeFrom characteristic: CBCharacteristic
    ) {}

    func peripheralManager(_ peripheral: CBPeripheralManager, didReceiveRead request: CBATTRequest) {
        guard request.characteristic.uuid == measurement.uuid else {
            peripheral.respond(to: request, withResult: .attributeNotFound)
            return
        }
        guard request.offset <= value.count else {
            peripheral.respond(to: request, withResult: .invalidOffset)
            return
        }
        request.value = value.subdata(in: request.offset..<value.count)
        peripheral.respond(to: request, withResult: .success)
    }

    func peripheralManager(_ peripheral: CBPeripheralManager, didReceiveWrite requests: [CBATTRequest]) {
        for request in requests { value = request.value ?? Data() }
        if let first = requests.first { peripheral.respond(to: first, withResult: CBATTError.Code.success) }
    }

    func peripheralManagerIsReady(toUpdateSubscribers peripheral: CBPeripheralManager) {}

    func peripheralManager(_ peripheral: CBPeripheralManager, didPublishL2CAPChannel PSM: CBL2CAPPSM, error: Error?) {
    }

    func peripheralManager(
        _ peripheral: CBPeripheralManager, didUnpublishL2CAPChannel PSM: CBL2CAPPSM, error: Error?
    ) {}

    func peripheralManager(_ peripheral: CBPeripheralManager, didOpen channel: CBL2CAPChannel?, error: Error?) {}
}

/// The members Apple marks deprecated, used from a deprecated context so that the test builds without warnings.
@available(*, deprecated)
enum DeprecatedAppleSurface {
    static func use(_ peripheral: CBPeripheral, _ characteristic: CBCharacteristic, _ manager: CBManager) {
        _ = peripheral.rssi
        _ = characteristic.isBroadcasted
        _ = manager.authorization
        _ = CBPeripheralManager.authorizationStatus() == .authorized
        _ = CBCentralManagerState.poweredOn.rawValue
        _ = CBPeripheralManagerState.poweredOn.rawValue
        _ = CBError.Code.unkownDevice
    }
}

/// A delegate that implements only the deprecated RSSI callback, as apps written before iOS 8 do.
@available(*, deprecated)
final class DeprecatedRSSIDelegate: NSObject, CBPeripheralDelegate {
    func peripheralDidUpdateRSSI(_ peripheral: CBPeripheral, error: Error?) {}
}

@Suite("Code written for Apple's CoreBluetooth", .timeLimit(.minutes(2)))
struct AppleSourceCompatibilityTests {
    @Test("CBUUID compares, hashes and prints as Apple's does, across 16-, 32- and 128-bit forms")
    func uuids() {
        let short = CBUUID(string: "180d")
        let long = CBUUID(string: "0000180D-0000-1000-8000-00805F9B34FB")
        let mid = CBUUID(string: "0000180D")
        #expect(short == long)
        #expect(short == mid)
        #expect(short.hashValue == long.hashValue)
        #expect(Set([short, long, mid]).count == 1)
        let lookup: [CBUUID: Data] = [long: Data([1])]
        #expect(lookup[short] == Data([1]))
        #expect(short.uuidString == "180D")
        #expect(long.uuidString == "0000180D-0000-1000-8000-00805F9B34FB")
        #expect(short.data == Data([0x18, 0x0D]))
        #expect("\(short)" == "Heart Rate")
        #expect(CBUUID(data: Data([0x2A, 0x37])) == CBUUID(string: "2A37"))
        let identifier = UUID()
        #expect(CBUUID(nsuuid: identifier).uuidString == identifier.uuidString)
        #expect([short, long].contains(CBUUID(string: "0x180D")))
        #expect((short.copy() as? CBUUID) == short)
        #expect(short.isEqual(long))
        #expect(!short.isEqual("180D"))
        var placeholder = CBUUID()
        #expect(placeholder.uuidString == "0000")
        #expect(placeholder.data == Data([0, 0]))
        placeholder = short
        #expect(placeholder == long)
    }

    @Test("CFAbsoluteTimeGetCurrent counts seconds since 2001 on the clock Date uses")
    func absoluteTime() {
        let before = Date().timeIntervalSinceReferenceDate
        let now: CFAbsoluteTime = CFAbsoluteTimeGetCurrent()
        let after = Date().timeIntervalSinceReferenceDate
        #expect(before <= now && now <= after)
    }

    @Test("errors convert, match and describe themselves as Apple's do")
    func errors() {
        let disconnected: any Error = CBError(.peripheralDisconnected)
        #expect((disconnected as? CBError)?.code == .peripheralDisconnected)
        #expect((disconnected as? CBError)?.errorCode == 7)
        #expect(CBError.errorDomain == CBErrorDomain)
        #expect(CBErrorDomain == "CBErrorDomain")
        #expect(CBATTErrorDomain == "CBATTErrorDomain")
        let matched: Bool
        do {
            throw CBError(.connectionFailed)
        } catch CBError.connectionFailed {
            matched = true
        } catch {
            matched = false
        }
        #expect(matched)
        let att: any Error = CBATTError(.readNotPermitted)
        let code = (att as? CBATTError)?.code
        switch code {
        case .readNotPermitted?: break
        default: Issue.record("expected readNotPermitted, got \(String(describing: code))")
        }
        #expect(CBATTError.Code(rawValue: 0x0F) == .insufficientEncryption)
        #expect(CBATTError.Code(rawValue: 0x80) == nil)
        #expect(CBError.Code(rawValue: 18) == .leGattNearBackgroundNotificationLimit)
        #expect(CBError(.connectionTimeout) == CBError(.connectionTimeout))
        #expect(CBError(.connectionTimeout) != CBError(.connectionFailed))
        #expect(CBATTError.insufficientEncryption == CBATTError.Code.insufficientEncryption)
        let bridged = disconnected as NSError
        #expect(bridged.domain == CBErrorDomain)
        #expect(bridged.code == CBError.Code.peripheralDisconnected.rawValue)
        #expect((att as NSError).domain == CBATTErrorDomain)
        #expect((att as NSError).code == 2)
    }

    @Test("option sets, enums and constants have Apple's raw values and spellings")
    func constants() {
        let properties: CBCharacteristicProperties = [.read, .notify, .writeWithoutResponse]
        #expect(properties.contains(.notify))
        #expect(!properties.contains(.indicate))
        #expect(properties.rawValue == 0x16)
        #expect(CBAttributePermissions([.readable, .writeable]).rawValue == 3)
        #expect(CBCharacteristicWriteType.withoutResponse.rawValue == 1)
        #expect(CBManagerState.poweredOn.rawValue == 5)
        #expect(CBPeripheralState.disconnecting.rawValue == 3)
        #expect(CBManagerAuthorization.allowedAlways.rawValue == 3)
        #expect(CBPeripheralManagerConnectionLatency.high.rawValue == 2)
        #expect(CBCentralManager.Feature.extendedScanAndConnect.rawValue == 1)
        #expect(CBManager.authorization == .allowedAlways)
        #expect(CBCentralManager.authorization == .allowedAlways)
        #expect(CBAdvertisementDataLocalNameKey == "kCBAdvDataLocalName")
        #expect(CBAdvertisementDataOverflowServiceUUIDsKey == "kCBAdvDataHashedServiceUUIDs")
        let psm: CBL2CAPPSM = 0x0080
        #expect(psm == 128)
        let peripheralOptions: [String: Any] = [
            CBPeripheralManagerOptionShowPowerAlertKey: true,
            CBPeripheralManagerOptionRestoreIdentifierKey: "sensor",
        ]
        let centralOptions: [String: Any] = [
            CBCentralManagerOptionShowPowerAlertKey: true, CBCentralManagerOptionRestoreIdentifierKey: "central",
            CBCentralManagerOptionDeviceAccessForMedia: false,
        ]
        #expect(peripheralOptions.count == 2 && centralOptions.count == 3)
        let matching: [CBConnectionEventMatchingOption: Any] = [
            .serviceUUIDs: [CBUUID(string: "180D")], .peripheralUUIDs: [UUID()],
        ]
        #expect(matching.count == 2)
        #expect(CBUUIDCharacteristicValidRangeString == "2906")
        #expect(CBUUID(string: CBUUIDL2CAPPSMCharacteristicString).data.count == 16)
    }

    @Test("local attributes are built and inspected as iOS apps build them")
    func localAttributes() {
        let characteristic = CBMutableCharacteristic(
            type: CBUUID(string: "2A19"), properties: .read, value: Data([100]), permissions: .readable)
        let service = CBMutableService(type: CBUUID(string: "180F"), primary: true)
        service.characteristics = [characteristic]
        service.includedServices = []
        #expect(characteristic.subscribedCentrals?.isEmpty == true)
        #expect(characteristic.value == Data([100]))
        #expect(service.characteristics?.first === characteristic)
        #expect(service.isPrimary)
        let descriptor = CBMutableDescriptor(type: CBUUID(string: "2901"), value: "Level")
        characteristic.descriptors = [descriptor]
        #expect(descriptor.value as? String == "Level")
        #expect(descriptor.characteristic === characteristic)
    }

    @Test("a new manager is .unknown and a delegate of Apple's shape can be set on it")
    func managers() {
        let central = AppleStyleCentralDelegate()
        let centralManager = CBCentralManager(delegate: central, queue: nil, options: nil)
        #expect(centralManager.state == .unknown)
        #expect(!centralManager.isScanning)
        #expect(centralManager.delegate === central)
        let sensor = AppleStyleSensorDelegate()
        let queue = DispatchQueue(label: "sensor")
        let (peripheralManager, initialState) = holding(queue) {
            let manager = CBPeripheralManager(delegate: sensor, queue: queue)
            return (manager, manager.state)
        }
        #expect(initialState == .unknown)
        #expect(!peripheralManager.isAdvertising)
        #expect(peripheralManager.delegate === sensor)
        #expect(CBCentralManager.supports(.extendedScanAndConnect) == false)
        let plain = CBCentralManager()
        plain.delegate = central
        #expect(plain.delegate === central)
    }
}
