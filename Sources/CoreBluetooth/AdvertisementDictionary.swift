import Host

/// Turns received advertising data into the dictionary `centralManager(_:didDiscover:advertisementData:rssi:)`
/// delivers, with the value types Apple uses for each key.
enum AdvertisementDictionary {
    /// The advertisement data keys and values for `data`, received from an advertiser that is or is not connectable.
    static func make(_ data: AdvertisingData, isConnectable: Bool) -> [String: Any] {
        var result: [String: Any] = [CBAdvertisementDataIsConnectable: NSNumber(value: isConnectable)]
        if let name = data.localName {
            result[CBAdvertisementDataLocalNameKey] = name.name
        }
        if let power = data.txPowerLevel {
            result[CBAdvertisementDataTxPowerLevelKey] = NSNumber(value: power)
        }
        let services = data.serviceUUIDs
        if !services.isEmpty {
            result[CBAdvertisementDataServiceUUIDsKey] = services.map(CBUUID.init)
        }
        let serviceData = data.serviceData
        if !serviceData.isEmpty {
            var dictionary: [CBUUID: Data] = [:]
            for (uuid, bytes) in serviceData { dictionary[CBUUID(uuid)] = Data(bytes) }
            result[CBAdvertisementDataServiceDataKey] = dictionary
        }
        if let manufacturer = data.manufacturerData {
            result[CBAdvertisementDataManufacturerDataKey] = Data(manufacturer)
        }
        let solicited = data.solicitedServiceUUIDs
        if !solicited.isEmpty {
            result[CBAdvertisementDataSolicitedServiceUUIDsKey] = solicited.map(CBUUID.init)
        }
        return result
    }
}
