import CoreBluetooth

/// One peripheral a scan found: what `centralManager(_:didDiscover:advertisementData:rssi:)` reports.
public struct Discovery: Sendable {
    /// The peripheral, ready to connect to with ``AsyncCentral/connect(_:)``.
    public let peripheral: AsyncPeripheral
    /// What it advertised, its scan response merged in.
    public let advertisementData: AdvertisementData
    /// The received signal strength, in dBm.
    public let rssi: Int
}
