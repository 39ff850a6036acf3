import HCI
import Host

@testable import CoreBluetooth

extension FuzzTarget {
    /// Advertising or scan response data from the air, decoded into AD structures and into the advertisement
    /// dictionary a `CBCentralManagerDelegate` receives.
    static let advertisingData = FuzzTarget(name: "advertising-data") { bytes in
        var reader = ByteReader(bytes)
        guard let data = try? AdvertisingData(from: &reader) else { return }
        _ = AdvertisementDictionary.make(data, isConnectable: true)
    }
}
