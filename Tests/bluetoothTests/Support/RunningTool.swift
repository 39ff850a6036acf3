import Foundation
import Testing

/// A long-running `bluetooth` command (such as `sim`) whose output is read line by line.
final class RunningTool: Sendable {
    /// The longest ``stop()`` waits for the command to exit at SIGTERM before it kills it and fails the test: a
    /// bound so that a command ignoring SIGTERM fails one test instead of hanging the run, not a measure of speed.
    /// 10 s was too short: in an address-sanitizer run beside a build, a `sim` that exits in well under a second
    /// alone took longer than that to be scheduled.
    static let stopLimit = 60.0

    private let process: Process
    private let lines: AsyncStream<String>
    /// Left once the process has exited.
    private let exited = DispatchGroup()

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
        let exited = exited
        exited.enter()
        process.terminationHandler = { _ in exited.leave() }
        try process.run()
    }

    /// The next line the command printed, or nil once its output has ended.
    func nextLine() async -> String? {
        for await line in lines { return line }
        return nil
    }

    /// Ends the command with SIGTERM and waits for it to exit, at most ``stopLimit``; returns its termination status.
    /// A command still running then is killed and the test fails: a command that ignores SIGTERM is a bug, and the
    /// test run goes on.
    func stop() -> Int32 {
        process.terminate()
        if let status = waitForExit(within: Self.stopLimit) { return status }
        Issue.record("\(process.arguments ?? []) still ran \(Self.stopLimit) s after SIGTERM; killed")
        kill()
        return -1
    }

    /// Kills the command with SIGKILL, for one that ignores SIGTERM (Root Canal does), and waits for it to exit.
    func kill() {
        Foundation.kill(process.processIdentifier, SIGKILL)
        if waitForExit(within: Self.stopLimit) == nil {
            Issue.record("\(process.arguments ?? []) still ran \(Self.stopLimit) s after SIGKILL")
        }
    }

    /// Waits, looking every 5 ms, until the command has exited, at most `limit` seconds; returns its exit status (the
    /// signal's number when a signal ended it, as `Process.terminationStatus` says), or nil. It leaves the child to
    /// Foundation to reap (`WNOWAIT`) and needs no other thread: Foundation tells a process's end through a task on
    /// the shared concurrent pool, which two tests waiting here synchronously would hold on a 2-core machine, so a
    /// wait for that (as `stop()` once did) never ended. A child Foundation has reaped already is asked through it.
    private func waitForExit(within limit: Double) -> Int32? {
        let pid = process.processIdentifier
        let deadline = Date(timeIntervalSinceNow: limit)
        repeat {
            var info = siginfo_t()
            if waitid(P_PID, id_t(pid), &info, WEXITED | WNOWAIT | WNOHANG) == 0 {
                if info._sifields._sigchld.si_pid == pid { return info._sifields._sigchld.si_status }
            } else if errno == ECHILD, !process.isRunning {
                return process.terminationStatus
            }
            usleep(5_000)
        } while Date() < deadline
        return nil
    }

    /// Sends the command SIGINT, as Ctrl-C does, and waits for it to exit; returns its termination status.
    func interrupt() async -> Int32 {
        process.interrupt()
        return await exitStatus()
    }

    /// Waits for the command to exit by itself, without holding a thread; returns its termination status.
    func exitStatus() async -> Int32 {
        await withCheckedContinuation { continuation in
            exited.notify(queue: .global()) { [process] in
                continuation.resume(returning: process.terminationStatus)
            }
        }
    }
}
