import HCI

/// A host's privacy state: its identity, the resolvable private address in use, the rotation timer, and the
/// advertising to restart when the address changes while advertising.
///
/// Bluetooth Core Specification Vol 3, Part C, 10.7.1.2.
struct HostPrivacy {
    /// The IRK and identity address distributed in pairing.
    var identity: LocalIdentity
    /// The resolvable private address set on the controller, once one is.
    var address: BluetoothAddress?
    /// The running rotation timer.
    var timer: Task<Void, Never>?
    /// The address expired while the controller could not take a new one (scanning or initiating); the next
    /// advertising start rotates it first.
    var rotationDue = false
    /// The advertising under way: its content and whether it is connectable.
    var advertising: (content: AdvertisementContent, connectable: Bool)?
    /// The address each link was made from, by handle.
    var linkAddresses: [ConnectionHandle: BluetoothAddress] = [:]
}
