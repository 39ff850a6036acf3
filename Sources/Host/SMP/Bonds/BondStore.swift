import Foundation
import Glibc
import HCI

/// All bonds of one adapter identity, kept in one JSON file that is replaced atomically on every change.
///
/// The file is `<directory>/<adapter address>.json`, mode 0600. The directory is the one given, or else
/// `$XDG_DATA_HOME/bluetooth`, or else `~/.local/share/bluetooth`. A file that cannot be read as bonds is renamed
/// with a `.damaged-<time>` suffix and reported, never silently dropped or overwritten.
///
/// Bluetooth Core Specification Vol 3, Part C, 9.4.
public struct BondStore: Sendable {
    /// The identity address of the adapter whose bonds these are.
    public let adapter: BluetoothAddress
    /// The directory holding the bond file.
    public let directory: String
    private var bonds: [BluetoothAddress: Bond] = [:]

    /// Opens the store of `adapter` in `directory`; nothing is read until ``load()``.
    public init(adapter: BluetoothAddress, directory: String) {
        self.adapter = adapter
        self.directory = directory
    }

    /// Opens the store of `adapter` in the default directory taken from `environment`.
    public init(
        adapter: BluetoothAddress, environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws(BondStoreError) {
        guard let directory = Self.defaultDirectory(environment: environment) else { throw .noDataDirectory }
        self.init(adapter: adapter, directory: directory)
    }

    /// `$XDG_DATA_HOME/bluetooth` if XDG_DATA_HOME is an absolute path, else `$HOME/.local/share/bluetooth`.
    public static func defaultDirectory(environment: [String: String]) -> String? {
        if let data = environment["XDG_DATA_HOME"], data.hasPrefix("/") { return data + "/bluetooth" }
        if let home = environment["HOME"], !home.isEmpty { return home + "/.local/share/bluetooth" }
        return nil
    }

    /// The bond file's path.
    public var path: String { "\(directory)/\(adapter).json" }

    /// Reads the bond file, replacing what the store held; a missing file means no bonds.
    ///
    /// A damaged file is moved aside and reported with ``BondStoreError/damagedFile(path:movedTo:reason:)``; the
    /// store is then empty and the next ``save(_:)`` writes a fresh file. Temporary files a crashed process left
    /// beside the bond file are removed.
    public mutating func load() throws(BondStoreError) {
        bonds = [:]
        BondFileSystem.removeStaleTemporaries(of: path, in: directory)
        guard let contents = try BondFileSystem.read(path) else { return }
        do {
            bonds = try BondFile.decode(contents, adapter: adapter)
        } catch {
            let destination = damagedPath()
            try BondFileSystem.move(path, to: destination)
            throw .damagedFile(path: path, movedTo: destination, reason: error.reason)
        }
    }

    /// The bond with the peer whose identity address this is.
    public func bond(for address: BluetoothAddress) -> Bond? {
        bonds[address]
    }

    /// Every bond, ordered by peer address.
    public func all() -> [Bond] {
        bonds.values.sorted { $0.peerAddress.address < $1.peerAddress.address }
    }

    /// Adds or replaces the bond with a peer and writes the file; on failure the store is unchanged.
    public mutating func save(_ bond: Bond) throws(BondStoreError) {
        var updated = bonds
        updated[bond.peerAddress.address] = bond
        try write(updated)
        bonds = updated
    }

    /// Forgets the bond with a peer and writes the file; nothing happens if there is none.
    public mutating func remove(_ address: BluetoothAddress) throws(BondStoreError) {
        guard bonds[address] != nil else { return }
        var updated = bonds
        updated[address] = nil
        try write(updated)
        bonds = updated
    }

    /// The bond of the device using `address`: its identity address, or a resolvable private address made with a
    /// bonded peer's IRK.
    ///
    /// Bluetooth Core Specification Vol 3, Part C, 10.8.2.3.
    public func resolve(_ address: BluetoothAddress) -> Bond? {
        if let bond = bonds[address] { return bond }
        guard address.isResolvablePrivate else { return nil }
        return all().first { bond in
            bond.peerIdentityResolvingKey.map { address.isResolvable(with: $0) } ?? false
        }
    }

    private func write(_ bonds: [BluetoothAddress: Bond]) throws(BondStoreError) {
        try BondFileSystem.makeDirectory(directory)
        try BondFileSystem.replace(
            path, in: directory, with: BondFile.encode(Array(bonds.values), adapter: adapter))
    }

    /// A free name next to the bond file: `<path>.damaged-<seconds since 1970>`, numbered if taken.
    private func damagedPath() -> String {
        let base = "\(path).damaged-\(time(nil))"
        var candidate = base
        var number = 1
        while BondFileSystem.exists(candidate) {
            candidate = "\(base)-\(number)"
            number += 1
        }
        return candidate
    }
}
