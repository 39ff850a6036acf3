import Foundation
import HCI
import Host

/// What a host's bond directory holds on disk: its file names, and the bonds its bond file reads back as.
struct BondDirectory {
    /// Every name in the directory, sorted; a half-done replacement would leave a temporary file here.
    let files: [String]
    /// The bonds of the one bond file, ordered by peer address.
    let bonds: [Bond]

    /// Reads `path`; a missing directory holds nothing, a bond file that does not read back throws.
    init(_ path: String) throws {
        files = ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted()
        var bonds: [Bond] = []
        for name in files where name.hasSuffix(".json") {
            guard let adapter = BluetoothAddress(String(name.dropLast(5))) else { continue }
            var store = BondStore(adapter: adapter, directory: path)
            try store.load()
            bonds += store.all()
        }
        self.bonds = bonds
    }

    /// Whether the directory holds only bond files, nothing temporary or set aside as damaged.
    var holdsOnlyBondFiles: Bool { files.allSatisfy { $0.hasSuffix(".json") } }
}

extension Bond {
    /// Whether this bond holds every key `reference`, a bond from a pairing that ran to its end, holds: a bond
    /// written before its key distribution finished would miss some.
    func isComplete(like reference: Bond) -> Bool {
        (longTermKey == nil) == (reference.longTermKey == nil)
            && (peerIdentityResolvingKey == nil) == (reference.peerIdentityResolvingKey == nil)
            && (peerSignatureKey == nil) == (reference.peerSignatureKey == nil)
            && (localKeys.longTermKey == nil) == (reference.localKeys.longTermKey == nil)
            && (localKeys.identityResolvingKey == nil) == (reference.localKeys.identityResolvingKey == nil)
            && (localKeys.signatureKey == nil) == (reference.localKeys.signatureKey == nil)
            && isSecureConnections == reference.isSecureConnections && isAuthenticated == reference.isAuthenticated
    }
}
