import Foundation

/// A long-running `bluetooth` command (such as `sim`) whose output is read line by line.
final class RunningTool: Sendable {
    private let process: Process
    private let lines: AsyncStream<String>

    /// Starts `NAME ARGUMENTS` (`bluetooth` by default), with `environment` added to the test's own; with
    /// `standardError`, the lines the command writes there are read too, mixed with the others.
    init(
        _ arguments: [String], executable name: String = "bluetooth", environment: [String: String] = [:],
        standardError: Bool = false
    ) throws {
        process = Process()
        process.executableURL = try CommandLineTool.executable(named: name)
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = standardError ? pipe : FileHandle.nullDevice
        let (stream, continuation) = AsyncStream<String>.makeStream()
        lines = stream
        let reader = pipe.fileHandleForReading
        reader.readabilityHandler = { handle in
            let data = handle.availableData
            if data.isEmpty {
                handle.readabilityHandler = nil
                continuation.finish()
                return
            }
            for line in String(decoding: data, as: UTF8.self).split(separator: "\n") {
                continuation.yield(String(line))
            }
        }
        try process.run()
    }

    /// The next line the command printed, or nil once its output has ended.
    func nextLine() async -> String? {
        for await line in lines { return line }
        return nil
    }

    /// Ends the command and waits for it to exit; returns its termination status.
    func stop() -> Int32 {
        process.terminate()
        process.waitUntilExit()
        return process.terminationStatus
    }

    /// Kills the command with SIGKILL, for one that ignores SIGTERM (Root Canal does), and waits for it to exit.
    func kill() {
        Foundation.kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    /// Sends the command SIGINT, as Ctrl-C does, and waits for it to exit; returns its termination status.
    func interrupt() async -> Int32 {
        process.interrupt()
        return await exitStatus()
    }

    /// Waits for the command to exit by itself (on a thread of its own, not one of the few every test shares);
    /// returns its termination status.
    func exitStatus() async -> Int32 {
        await withCheckedContinuation { continuation in
            Thread.detachNewThread { [process] in
                process.waitUntilExit()
                continuation.resume(returning: process.terminationStatus)
            }
        }
    }
}
