import Foundation
import Testing

/// Runs a built executable (`bluetooth` unless named otherwise), as a user would.
struct CommandLineTool {
    /// What a finished run printed and how it ended.
    struct Outcome: Sendable {
        var status: Int32
        var standardOutput: String
        var standardError: String
    }

    /// The `bluetooth` executable built beside the test bundle.
    static var executable: URL {
        get throws { try executable(named: "bluetooth") }
    }

    /// The executable `name` built beside the test bundle, or the one at `name` when it is an absolute path.
    static func executable(named name: String) throws -> URL {
        if name.hasPrefix("/") { return URL(fileURLWithPath: name) }
        let candidates = [
            URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent(),
            Bundle.main.bundleURL, Bundle.main.bundleURL.deletingLastPathComponent(),
        ].map { $0.appendingPathComponent(name) }
        guard let found = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0.path) }) else {
            throw ToolError.notBuilt(candidates.map(\.path))
        }
        return found
    }

    /// Runs `NAME ARGUMENTS` (`bluetooth` by default) to completion, with `environment` added to the test's own;
    /// kills it after `timeout`.
    static func run(
        _ arguments: [String], executable name: String = "bluetooth", environment: [String: String] = [:],
        timeout: Duration = .seconds(60)
    ) async throws -> Outcome {
        let process = Process()
        process.executableURL = try executable(named: name)
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let outputURL = directory.appendingPathComponent("stdout")
        let errorURL = directory.appendingPathComponent("stderr")
        _ = FileManager.default.createFile(atPath: outputURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errorURL.path, contents: nil)
        process.standardOutput = try FileHandle(forWritingTo: outputURL)
        process.standardError = try FileHandle(forWritingTo: errorURL)
        let status = try await runToExit(process, timeout: timeout)
        return Outcome(
            status: status,
            standardOutput: (try? String(contentsOf: outputURL, encoding: .utf8)) ?? "",
            standardError: (try? String(contentsOf: errorURL, encoding: .utf8)) ?? "")
    }

    /// Starts `process` and waits for it to exit, sending SIGKILL once `timeout` passes.
    static func runToExit(_ process: Process, timeout: Duration) async throws -> Int32 {
        let exited = AsyncStream<Int32>.makeStream()
        process.terminationHandler = { exited.continuation.yield($0.terminationStatus) }
        try process.run()
        let watchdog = Task {
            try await Task.sleep(for: timeout)
            kill(process.processIdentifier, SIGKILL)
        }
        defer { watchdog.cancel() }
        for await status in exited.stream { return status }
        return -1
    }

    enum ToolError: Error { case notBuilt([String]) }
}
