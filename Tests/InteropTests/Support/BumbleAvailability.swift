import Foundation
import Testing

/// Whether `python3 -c "import bumble"` succeeds; probed once per test process.
func bumbleAvailable() -> Bool { bumbleImportable }

/// Whether the tests run in CI (`CI=true`), where a missing Bumble fails the interop tests instead of skipping them.
var runningInCI: Bool { ProcessInfo.processInfo.environment["CI"] == "true" }

private let bumbleImportable: Bool = {
    let probe = Process()
    probe.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    probe.arguments = [PythonProcess.interpreter, "-c", "import bumble"]
    probe.standardInput = FileHandle.nullDevice
    probe.standardOutput = FileHandle.nullDevice
    probe.standardError = FileHandle.nullDevice
    do {
        try probe.run()
    } catch {
        return false
    }
    probe.waitUntilExit()
    return probe.terminationReason == .exit && probe.terminationStatus == 0
}()

extension Trait where Self == ConditionTrait {
    /// Runs a test when Bumble is installed, and always in CI so that a missing Bumble fails there.
    static var bumbleInstalledOrCI: Self {
        .enabled(
            if: bumbleAvailable() || runningInCI,
            "Bumble is not installed (python3 -m pip install bumble==0.0.236); with CI=true this is a failure"
        )
    }
}

/// Fails the current test unless Bumble is installed.
func requireBumble(sourceLocation: SourceLocation = #_sourceLocation) throws {
    try #require(
        bumbleAvailable(),
        "CI=true but Bumble is not installed: python3 -m pip install bumble==0.0.236",
        sourceLocation: sourceLocation
    )
}
