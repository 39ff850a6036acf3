import HCI
import Logging

/// The host's bonds: held in memory, and in the adapter's bond file when the host has a bond directory.
struct HostBonds {
    private var store: BondStore?
    private var bonds: [BluetoothAddress: Bond] = [:]

    /// Holds the bonds of `adapter`, reading its bond file from `directory` if there is one; a damaged file is
    /// reported and set aside, leaving no bonds.
    init(adapter: BluetoothAddress, directory: String?, logger: Logger) {
        guard let directory else { return }
        var store = BondStore(adapter: adapter, directory: directory)
        do {
            try store.load()
        } catch {
            logger.error("bonds not loaded: \(error)")
        }
        bonds = Dictionary(store.all().map { ($0.peerAddress.address, $0) }) { first, _ in first }
        self.store = store
    }

    /// Every bond, ordered by peer address.
    var all: [Bond] {
        bonds.values.sorted { $0.peerAddress.address < $1.peerAddress.address }
    }

    /// The bond of the device using `address`: its identity address, or a resolvable private address made with a
    /// bonded peer's IRK.
    func resolve(_ address: BluetoothAddress) -> Bond? {
        if let bond = bonds[address] { return bond }
        guard address.isResolvablePrivate else { return nil }
        return all.first { bond in bond.peerIdentityResolvingKey.map { address.isResolvable(with: $0) } ?? false }
    }

    /// Adds or replaces a bond, writing the file first when there is one.
    mutating func save(_ bond: Bond) throws(BondStoreError) {
        try store?.save(bond)
        bonds[bond.peerAddress.address] = bond
    }

    /// Forgets the bond with a peer, writing the file first when there is one.
    mutating func remove(_ address: BluetoothAddress) throws(BondStoreError) {
        try store?.remove(address)
        bonds[address] = nil
    }
}
