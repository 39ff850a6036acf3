import CoreBluetooth
import Testing

@Suite("Option and key strings", .timeLimit(.minutes(2)))
struct OptionKeyTests {
    @Test("advertisement-data keys have Apple's strings, which apps also index by")
    func advertisementDataKeys() {
        #expect(CBAdvertisementDataLocalNameKey == "kCBAdvDataLocalName")
        #expect(CBAdvertisementDataTxPowerLevelKey == "kCBAdvDataTxPowerLevel")
        #expect(CBAdvertisementDataServiceUUIDsKey == "kCBAdvDataServiceUUIDs")
        #expect(CBAdvertisementDataServiceDataKey == "kCBAdvDataServiceData")
        #expect(CBAdvertisementDataManufacturerDataKey == "kCBAdvDataManufacturerData")
        #expect(CBAdvertisementDataOverflowServiceUUIDsKey == "kCBAdvDataHashedServiceUUIDs")
        #expect(CBAdvertisementDataIsConnectable == "kCBAdvDataIsConnectable")
        #expect(CBAdvertisementDataSolicitedServiceUUIDsKey == "kCBAdvDataSolicitedServiceUUIDs")
    }

    @Test("central-manager init, scan and restore keys have Apple's strings")
    func centralManagerKeys() {
        #expect(CBCentralManagerOptionShowPowerAlertKey == "kCBInitOptionShowPowerAlert")
        #expect(CBCentralManagerOptionRestoreIdentifierKey == "kCBInitOptionRestoreIdentifier")
        #expect(CBCentralManagerOptionDeviceAccessForMedia == "kCBInitOptionDeviceAccessForMedia")
        #expect(CBCentralManagerScanOptionAllowDuplicatesKey == "kCBScanOptionAllowDuplicates")
        #expect(CBCentralManagerScanOptionSolicitedServiceUUIDsKey == "kCBScanOptionSolicitedServiceUUIDs")
        #expect(CBCentralManagerRestoredStatePeripheralsKey == "kCBRestoredPeripherals")
        #expect(CBCentralManagerRestoredStateScanServicesKey == "kCBRestoredScanServices")
        #expect(CBCentralManagerRestoredStateScanOptionsKey == "kCBRestoredScanOptions")
    }

    @Test("connect options have Apple's strings")
    func connectKeys() {
        #expect(CBConnectPeripheralOptionNotifyOnConnectionKey == "kCBConnectOptionNotifyOnConnection")
        #expect(CBConnectPeripheralOptionNotifyOnDisconnectionKey == "kCBConnectOptionNotifyOnDisconnection")
        #expect(CBConnectPeripheralOptionNotifyOnNotificationKey == "kCBConnectOptionNotifyOnNotification")
        #expect(CBConnectPeripheralOptionStartDelayKey == "kCBConnectOptionStartDelay")
        #expect(CBConnectPeripheralOptionEnableTransportBridgingKey == "kCBConnectOptionEnableTransportBridging")
        #expect(CBConnectPeripheralOptionRequiresANCS == "kCBConnectOptionRequiresANCS")
        #expect(CBConnectPeripheralOptionEnableAutoReconnect == "kCBConnectOptionAutoReconnect")
    }

    @Test("peripheral-manager keys have Apple's strings; the init options share the central manager's")
    func peripheralManagerKeys() {
        #expect(CBPeripheralManagerOptionShowPowerAlertKey == CBCentralManagerOptionShowPowerAlertKey)
        #expect(CBPeripheralManagerOptionRestoreIdentifierKey == CBCentralManagerOptionRestoreIdentifierKey)
        #expect(CBPeripheralManagerRestoredStateServicesKey == "kCBRestoredServices")
        #expect(CBPeripheralManagerRestoredStateAdvertisementDataKey == "kCBRestoredAdvertisement")
    }

    @Test("connection-event matching options have their strings")
    func connectionEventMatchingOptions() {
        #expect(CBConnectionEventMatchingOption.serviceUUIDs.rawValue == "kCBConnectionEventMatchingOptionServiceUUIDs")
        #expect(
            CBConnectionEventMatchingOption.peripheralUUIDs.rawValue
                == "kCBConnectionEventMatchingOptionPeripheralUUIDs")
    }
}
