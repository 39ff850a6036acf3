import Foundation

/// Bond directories of the tests' own: a manager with a static address and no bond directory keeps its bonds in
/// the user's store (`~/.local/share/bluetooth`), which a test must not write to.
enum TestBondDirectory {
    /// A fresh directory under the temporary directory, for one manager's bonds.
    static func make() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("interop-bonds-\(UUID().uuidString)").path
    }
}
