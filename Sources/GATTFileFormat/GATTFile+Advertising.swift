import CoreBluetooth
import Host

extension GATTFile {
    /// A warning when the local name cannot be advertised whole next to the service UUIDs (31 bytes of advertising
    /// data and 31 of scan response, laid out as CoreBluetooth does), so centrals see a shortened name; else nil.
    package var nameFitWarning: String? {
        let name = advertisedName
        let content = AdvertisementContent(
            flags: [.leGeneralDiscoverable, .brEdrNotSupported], localName: name,
            serviceUUIDs: advertisedServices.compactMap { BluetoothUUID(string: $0.uuidString) })
        guard let layout = try? AdvertisingLayout.legacy(content) else { return nil }
        let advertised = layout.advertisingData.localName ?? layout.scanResponse.localName
        guard let advertised, !advertised.isComplete else { return nil }
        return "the name \"\(name)\" (\(name.utf8.count) bytes) does not fit whole in the advertising data "
            + "next to the services; centrals see it shortened to \"\(advertised.name)\" until they connect"
    }
}
