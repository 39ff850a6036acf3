import ArgumentParser
import Foundation

/// A failure the user can act on: `bluetooth` prints its one-line reason to standard error and exits with status 1.
struct CommandFailure: Error, CustomStringConvertible {
    /// What went wrong, for a person, on one line.
    var description: String

    init(_ description: String) {
        self.description = description
    }

    /// Runs `body`, turning a ``CommandFailure`` into its line on standard error and exit status 1, and an
    /// ``Interrupted`` into a normal end.
    static func reporting(_ command: String, _ body: () async throws -> Void) async throws {
        do {
            try await body()
        } catch let failure as CommandFailure {
            FileHandle.standardError.write(Data("bluetooth \(command): \(failure.description)\n".utf8))
            throw ExitCode.failure
        } catch is Interrupted {
            return
        }
    }
}
