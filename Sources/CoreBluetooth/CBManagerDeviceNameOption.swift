/// An option of ours for `CBPeripheralManager` and `CBCentralManager`: the GAP Device Name (`String`) the manager's
/// GATT server gives centrals that read it (iOS reads it on every connection and shows it as the peripheral's
/// name). By default the machine's host name, as a Mac serves its computer name; cut to 248 bytes.
///
/// Bluetooth Core Specification Vol 3, Part C, 12.1.
public let CBManagerOptionDeviceNameKey = "kCBManagerOptionDeviceName"

/// An option of ours for `CBPeripheralManager` and `CBCentralManager`: the GAP Appearance (`Int` or `UInt16`, a
/// value of the Bluetooth SIG's Appearance list such as 0x0340 for a heart rate sensor) the manager's GATT server
/// gives centrals that read it; 0 (Unknown) by default. Advertising it stays beyond Apple's API.
///
/// Bluetooth Core Specification Vol 3, Part C, 12.2.
public let CBManagerOptionAppearanceKey = "kCBManagerOptionAppearance"
