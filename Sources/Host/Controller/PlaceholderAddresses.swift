import HCI

extension BluetoothAddress {
    /// Public addresses that controllers whose address was never programmed report from Read BD_ADDR, each shared
    /// by every unit of its model: Broadcom and Cypress parts (BCM20702A0/A1, BCM2076B1, BCM43430A0/A1, BCM4324B3,
    /// BCM4330B1, BCM4334B0, BCM4345C5, BCM43341B, the list Linux's btbcm checks) and Intel's default address
    /// (btintel's). Two boards with the same placeholder would advertise from one "public" address and peers would
    /// key their bonds to it, so the host treats a placeholder as no public address.
    static let placeholders: Set<BluetoothAddress> = Set(
        [
            "00:20:70:02:A0:00", "20:70:02:A0:00:00", "20:76:A0:00:56:79", "43:43:A0:12:1F:AC",
            "AA:AA:AA:AA:AA:AA", "43:24:B3:00:00:00", "43:30:B1:00:00:00", "43:34:B0:00:00:00",
            "43:45:C5:00:1F:AC", "43:34:1B:00:1F:AC", "00:03:19:9E:8B:00",
        ].compactMap(BluetoothAddress.init))

    /// Whether this is a public address a controller reports when none was programmed into it (see
    /// ``placeholders``): not the controller's own, so the host advertises, scans and connects with a static random
    /// address instead, as on a controller with no public address.
    public var isPlaceholder: Bool { Self.placeholders.contains(self) }
}
