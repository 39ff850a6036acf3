import HCI

extension BluetoothHost {
    /// Every bonded peer, ordered by address.
    public var bonds: [Bond] { savedBonds.all }

    /// The bond of the device using `address` (its identity address or a resolvable private address), if any.
    public func bond(for address: BluetoothAddress) -> Bond? {
        savedBonds.resolve(address)
    }

    /// Forgets the bond with a peer, from the bond file too; nothing happens if there is none.
    public func removeBond(_ address: BluetoothAddress) throws(HostError) {
        do {
            try savedBonds.remove(address)
        } catch {
            throw .bondStore(error)
        }
        databaseStore?.remove(address)
    }

    /// Fails the link's waiting callers and keeps a bonded client's configuration for its next connection.
    func securityLinkDown(_ connection: HostConnection, reason: HCIStatus) {
        resumeWaiters(of: connection, with: .failure(.disconnected(connection.link.handle, reason: reason)))
        guard let address = connection.securityState.bondAddress, var bond = savedBonds.resolve(address),
            let configuration = server.server.bondedClientConfiguration(of: connection.link.handle),
            bond.clientConfiguration != configuration
        else { return }
        bond.clientConfiguration = configuration
        do {
            try savedBonds.save(bond)
        } catch {
            logger.error("client configuration of bonded \(bond.peerAddress) not stored: \(error)")
        }
    }
}
