import Synchronization

/// A point in ``BondFileSystem/replace(_:in:with:)`` at which a test makes the write stop as if the process died
/// there: what is on disk stays as it is and nothing is cleaned up. Only tests list paths; production never does.
enum ReplaceInterruption: Sendable, CaseIterable {
    /// The temporary file exists, empty.
    case created
    /// Half the new contents are in the temporary file.
    case halfWritten
    /// All of the new contents are in the temporary file, not yet synced.
    case written
    /// The temporary file is synced, not yet renamed over the file.
    case synced
    /// The temporary file is renamed over the file; the directory is not yet synced.
    case renamed

    /// The interruption set for each path a test is crashing; empty outside tests.
    static let planned = Mutex<[String: ReplaceInterruption]>([:])

    /// The interruption planned for replacing `path`, if any.
    static func planned(for path: String) -> ReplaceInterruption? {
        planned.withLock { $0[path] }
    }
}
