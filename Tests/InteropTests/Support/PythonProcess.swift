import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A Python script from `Tests/InteropTests/bumble` running as a child process.
///
/// Standard output and standard error go to files in a private temporary directory, so a chatty
/// script can never block on a full pipe; they are read back once the script has ended.
final class PythonProcess {
    /// The directory holding the interop scripts, found from this source file's location.
    static let scriptDirectory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()
        .deletingLastPathComponent()
        .appendingPathComponent("bumble", isDirectory: true)

    /// The interpreter to run: `$PYTHON` when set, otherwise `python3` from `PATH`.
    static var interpreter: String { ProcessInfo.processInfo.environment["PYTHON"] ?? "python3" }

    /// How long a script gets to leave after SIGTERM before it is killed.
    static let terminationGrace: Duration = .seconds(5)

    /// The script's file name, as given.
    let script: String
    /// The arguments after the script's path.
    let arguments: [String]

    private let process = Process()
    private let exit = ProcessExit()
    private let outputDirectory: URL
    private let standardOutputHandle: FileHandle
    private let standardErrorHandle: FileHandle
    private let standardInput: Pipe?

    /// Starts `script` with `arguments`; with `keepStandardInputOpen` the script's stdin is a pipe
    /// that stays open until ``terminate()`` or the end of this test process.
    init(script: String, arguments: [String], keepStandardInputOpen: Bool = false) throws {
        self.script = script
        self.arguments = arguments
        let path = Self.scriptDirectory.appendingPathComponent(script).path
        guard FileManager.default.fileExists(atPath: path) else {
            throw PythonProcessError.scriptMissing(path)
        }

        outputDirectory = FileManager.default.temporaryDirectory
            .appendingPathComponent("interop-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: outputDirectory, withIntermediateDirectories: true)
        standardOutputHandle = try Self.createFile(outputDirectory.appendingPathComponent("stdout"))
        standardErrorHandle = try Self.createFile(outputDirectory.appendingPathComponent("stderr"))
        standardInput = keepStandardInputOpen ? Pipe() : nil

        var environment = ProcessInfo.processInfo.environment
        environment["PYTHONUNBUFFERED"] = "1"
        environment["PYTHONDONTWRITEBYTECODE"] = "1"
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [Self.interpreter, path] + arguments
        process.environment = environment
        process.currentDirectoryURL = Self.scriptDirectory
        process.standardOutput = standardOutputHandle
        process.standardError = standardErrorHandle
        process.standardInput = standardInput ?? FileHandle.nullDevice
        let exit = self.exit
        process.terminationHandler = { finished in
            exit.record(
                ProcessExit.Termination(
                    status: finished.terminationStatus,
                    bySignal: finished.terminationReason == .uncaughtSignal
                )
            )
        }
        do {
            try process.run()
        } catch {
            cleanUp()
            throw PythonProcessError.launchFailed(script: script, reason: "\(error)")
        }
    }

    /// Whether the script has ended.
    var hasExited: Bool { exit.termination != nil }

    /// Asks the script to stop with SIGTERM, then closes its stdin pipe, if it has one.
    func terminate() {
        if !hasExited { process.terminate() }
        try? standardInput?.fileHandleForWriting.close()
    }

    /// Waits for the script to end; past `timeout` it gets SIGTERM, then SIGKILL after a grace period.
    func waitForExit(timeout: Duration) async -> ScriptOutcome {
        var timedOut = false
        if !(await exit.wait(upTo: timeout)) {
            timedOut = true
            terminate()
            if !(await exit.wait(upTo: Self.terminationGrace)) {
                kill(process.processIdentifier, SIGKILL)
                _ = await exit.wait(upTo: Self.terminationGrace)
            }
        }
        try? standardInput?.fileHandleForWriting.close()
        let outcome = ScriptOutcome(
            script: script,
            arguments: arguments,
            termination: exit.termination,
            timedOut: timedOut,
            timeout: timeout,
            standardOutput: Self.text(of: outputDirectory.appendingPathComponent("stdout")),
            standardError: Self.text(of: outputDirectory.appendingPathComponent("stderr"))
        )
        cleanUp()
        return outcome
    }

    /// Runs `script` to its end, bounded by `timeout`.
    static func run(_ script: String, arguments: [String], timeout: Duration) async throws -> ScriptOutcome {
        try await PythonProcess(script: script, arguments: arguments).waitForExit(timeout: timeout)
    }

    deinit {
        if !hasExited { process.terminate() }
        cleanUp()
    }

    private func cleanUp() {
        try? standardOutputHandle.close()
        try? standardErrorHandle.close()
        try? FileManager.default.removeItem(at: outputDirectory)
    }

    private static func createFile(_ url: URL) throws -> FileHandle {
        guard FileManager.default.createFile(atPath: url.path, contents: nil) else {
            throw PythonProcessError.launchFailed(script: url.path, reason: "cannot create \(url.path)")
        }
        return try FileHandle(forWritingTo: url)
    }

    private static func text(of url: URL) -> String {
        String(decoding: (try? Data(contentsOf: url)) ?? Data(), as: UTF8.self)
    }
}
