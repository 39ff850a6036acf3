import Glibc

/// The adapter's own IRK, kept beside its bond file as `<adapter>.irk` (32 hex digits, mode 0600) so that bonded
/// peers still resolve its private addresses after a restart.
///
/// Bluetooth Core Specification Vol 3, Part C, 10.7.1.2.
enum LocalIRKFile {
    /// The IRK file of `adapter` in `directory`.
    static func path(adapter: String, directory: String) -> String {
        "\(directory)/\(adapter).irk"
    }

    /// Reads the adapter's IRK, or makes, stores and returns a fresh one when there is no file yet. A damaged
    /// file is moved aside (`.damaged-<time>`), replaced by a fresh key, and reported in `damage`.
    static func loadOrCreate(
        adapter: String, directory: String, using generator: inout some RandomNumberGenerator
    ) throws(BondStoreError) -> (key: UInt128, damage: BondStoreError?) {
        let path = path(adapter: adapter, directory: directory)
        var damage: BondStoreError?
        if let contents = try BondFileSystem.read(path) {
            let text = String(decoding: contents, as: UTF8.self).trimmingSuffix { $0 == "\n" }
            do {
                return (try BondFile.key(text), nil)
            } catch {
                let destination = "\(path).damaged-\(time(nil))"
                try BondFileSystem.move(path, to: destination)
                damage = .damagedFile(path: path, movedTo: destination, reason: error.reason)
            }
        }
        let key = UInt128(generator.next() as UInt64) << 64 | UInt128(generator.next() as UInt64)
        try BondFileSystem.makeDirectory(directory)
        try BondFileSystem.replace(path, in: directory, with: Array((BondFile.hex(key) + "\n").utf8))
        return (key, damage)
    }
}

extension String {
    fileprivate func trimmingSuffix(while predicate: (Character) -> Bool) -> String {
        var text = Substring(self)
        while let last = text.last, predicate(last) { text = text.dropLast() }
        return String(text)
    }
}
