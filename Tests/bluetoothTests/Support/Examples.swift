import Foundation

/// The repository's files the tests read: `Examples/`, `README.md`.
enum Examples {
    /// The repository's root directory.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// `Examples/`.
    static var directory: URL { root.appendingPathComponent("Examples") }
}
