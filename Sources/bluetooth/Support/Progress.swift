import Foundation

/// Progress lines on standard error ("scanning for X…", "connected"), so standard output stays clean for results.
struct Progress: Sendable {
    /// Prints one progress line.
    func say(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }
}
