import BlueZ

/// Turns what bluetoothd knows of an advertising device into the dictionary
/// `centralManager(_:didDiscover:advertisementData:rssi:)` delivers, with Apple's keys and value types.
///
/// bluetoothd merges advertisements and scan responses itself and does not say whether the device is
/// connectable; every device is reported connectable, as BlueZ offers to connect to any of them.
enum BlueZAdvertisement {
    /// The advertisement data keys and values for `device`.
    static func dictionary(_ device: BlueZDevice) -> [String: Any] {
        var result: [String: Any] = [CBAdvertisementDataIsConnectable: NSNumber(value: true)]
        if let name = device.name {
            result[CBAdvertisementDataLocalNameKey] = name
        }
        if let power = device.txPower {
            result[CBAdvertisementDataTxPowerLevelKey] = NSNumber(value: power)
        }
        let services = device.serviceUUIDs.compactMap(CBUUID.init(bluez:))
        if !services.isEmpty {
            result[CBAdvertisementDataServiceUUIDsKey] = services
        }
        var serviceData: [CBUUID: Data] = [:]
        for (text, bytes) in device.serviceData {
            if let uuid = CBUUID(bluez: text) { serviceData[uuid] = Data(bytes) }
        }
        if !serviceData.isEmpty {
            result[CBAdvertisementDataServiceDataKey] = serviceData
        }
        if let company = device.manufacturerData.keys.min(), let bytes = device.manufacturerData[company] {
            result[CBAdvertisementDataManufacturerDataKey] = Data([UInt8(company & 0xFF), UInt8(company >> 8)] + bytes)
        }
        return result
    }

    /// Whether the device advertises one of `services` (any device when `services` is empty).
    static func matches(_ device: BlueZDevice, services: [CBUUID]) -> Bool {
        guard !services.isEmpty else { return true }
        let advertised = Set(device.serviceUUIDs.compactMap(CBUUID.init(bluez:)))
        return services.contains { advertised.contains($0) }
    }
}
