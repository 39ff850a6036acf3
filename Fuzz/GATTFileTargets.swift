@testable import GATTFileFormat

extension FuzzTarget {
    /// A GATT file as `bluetooth serve --gatt` reads it, parsed and checked.
    static let gattFile = FuzzTarget(name: "gatt-file") { bytes in
        _ = try? GATTFile(json: bytes)
    }

    /// A world file as `bluetooth sim --world` reads it; the GATT files it names all hold a small valid one.
    static let worldFile = FuzzTarget(name: "world-file") { bytes in
        _ = try? WorldFile(json: bytes) { _ in Array(#"{"services": []}"#.utf8) }
    }
}
