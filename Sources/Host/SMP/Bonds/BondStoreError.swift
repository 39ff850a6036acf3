import Glibc

/// Why the bond store could not read or write its file.
public enum BondStoreError: Error, Equatable, Sendable {
    /// The bond file could not be read as bonds (bad JSON, an unknown version, a bad value); it was renamed to
    /// `movedTo` so that nothing overwrites it, and the store starts empty.
    case damagedFile(path: String, movedTo: String, reason: String)
    /// A file system call failed with this errno.
    case fileSystem(path: String, operation: String, errno: Int32)
    /// No directory was configured and neither XDG_DATA_HOME nor HOME names one.
    case noDataDirectory
}

extension BondStoreError: CustomStringConvertible {
    public var description: String {
        switch self {
        case .damagedFile(let path, let movedTo, let reason):
            "the bond file \(path) is damaged (\(reason)); it was moved to \(movedTo)"
        case .fileSystem(let path, let operation, let code):
            "cannot \(operation) \(path): \(String(cString: strerror(code)))"
        case .noDataDirectory:
            "no directory for the bond file: set XDG_DATA_HOME or HOME, or configure one"
        }
    }
}
