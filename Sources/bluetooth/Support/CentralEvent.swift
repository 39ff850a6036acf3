import CoreBluetooth
import Foundation

/// One delegate call a ``CentralSession`` saw, reduced to values that may cross to the command's task.
enum CentralEvent: Sendable {
    case state(CBManagerState)
    case discovered(CBPeripheral, Advertisement)
    case connected(UUID)
    case failedToConnect(UUID, String)
    case disconnected(UUID, String?)
    case servicesDiscovered(String?)
    case includedServicesDiscovered(String?)
    case characteristicsDiscovered(String?)
    case descriptorsDiscovered(String?)
    case valueUpdated(String, Data?, String?)
    case descriptorUpdated(String?)
    case valueWritten(String?)
    case notificationState(Bool, String?)
    case timedOut(String)

    /// What a peripheral advertised, as `scan` shows it.
    struct Advertisement: Sendable {
        var localName: String?
        var serviceUUIDs: [String]
        var manufacturerData: Data?
        var rssi: Int

        init(_ data: [String: Any], rssi: NSNumber) {
            localName = data[CBAdvertisementDataLocalNameKey] as? String
            serviceUUIDs = (data[CBAdvertisementDataServiceUUIDsKey] as? [CBUUID] ?? []).map(\.uuidString)
            manufacturerData = data[CBAdvertisementDataManufacturerDataKey] as? Data
            self.rssi = rssi.intValue
        }
    }
}
