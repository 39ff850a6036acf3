import HCI

extension BluetoothHost {
    /// Every bonded peer, ordered by address.
    public var bonds: [Bond] { securityManager.bonds.all }

    /// The bond of the device using `address` (its identity address or a resolvable private address), if any.
    public func bond(for address: BluetoothAddress) -> Bond? {
        securityManager.bonds.resolve(address)
    }

    /// Forgets the bond with a peer, from the bond file too; nothing happens if there is none.
    public func removeBond(_ address: BluetoothAddress) throws(HostError) {
        do {
            try securityManager.bonds.remove(address)
        } catch {
            throw .bondStore(error)
        }
        gattClient.databaseStore?.remove(address)
    }
}
