import Foundation
import HCI

/// What the GATT client learned of bonded peers' databases, kept between runs: one JSON file per peer
/// identity address in a directory beside the bond file, each replaced atomically.
///
/// A cache is only a shortcut: one that cannot be read is set aside and the peer rediscovered.
///
/// Bluetooth Core Specification Vol 3, Part G, 2.5.2.
public struct GATTCacheStore: Sendable {
    /// The directory holding the cache files.
    public let directory: String

    /// Keeps the caches of `adapter`'s bonded peers under `bondDirectory`.
    public init(adapter: BluetoothAddress, bondDirectory: String) {
        directory = bondDirectory + "/gatt-cache-" + adapter.description.replacingOccurrences(of: ":", with: "")
    }

    private func path(for peer: BluetoothAddress) -> String {
        directory + "/" + peer.description.replacingOccurrences(of: ":", with: "") + ".json"
    }

    /// The cached database of `peer`; nil when none is stored or the stored one is unreadable (it is then set aside).
    public func load(_ peer: BluetoothAddress) throws(BondStoreError) -> GATTDatabaseCache? {
        let path = path(for: peer)
        guard let bytes = try BondFileSystem.read(path) else { return nil }
        do {
            return try JSONDecoder().decode(GATTDatabaseCache.self, from: Data(bytes))
        } catch {
            let aside = path + ".damaged"
            try BondFileSystem.move(path, to: aside)
            throw .damagedFile(path: path, movedTo: aside, reason: String(describing: error))
        }
    }

    /// Stores the database of `peer`, replacing what was there.
    public func save(_ cache: GATTDatabaseCache, for peer: BluetoothAddress) throws(BondStoreError) {
        try BondFileSystem.makeDirectory(directory)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let data: Data
        do {
            data = try encoder.encode(cache)
        } catch {
            throw .fileSystem(path: path(for: peer), operation: "encode", errno: EINVAL)
        }
        try BondFileSystem.replace(path(for: peer), in: directory, with: Array(data))
    }

    /// Forgets the database of `peer`.
    public func remove(_ peer: BluetoothAddress) {
        unlink(path(for: peer))
    }
}
