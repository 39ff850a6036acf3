import HCI

@testable import Host

extension FuzzTarget {
    /// A bond file's contents, as a damaged or hostile file on disk holds them, decoded into bonds.
    static let bondFile = FuzzTarget(name: "bond-file") { bytes in
        _ = try? BondFile.decode(bytes, adapter: BluetoothAddress(rawValue: 0xC0_1234_5678_9A))
    }
}
