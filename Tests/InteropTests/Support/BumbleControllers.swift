import Foundation
import Testing

/// A running `controllers.py`: Bumble virtual controllers on one shared link, a fresh one for every TCP client.
final class BumbleControllers {
    /// The address the launcher listens on.
    let host: String
    /// The listening ports, in the order the launcher reported them.
    let ports: [Int]

    private let process: PythonProcess
    private let directory: URL

    private struct PortFile: Decodable {
        var host: String
        var ports: [Int]
    }

    private init(host: String, ports: [Int], process: PythonProcess, directory: URL) {
        self.host = host
        self.ports = ports
        self.process = process
        self.directory = directory
    }

    /// The Bumble transport spec that reaches the listening port at `index`.
    func bumbleSpec(_ index: Int = 0) -> String { "tcp-client:\(host):\(ports[index])" }

    /// Our own transport spec that reaches the listening port at `index`.
    func transportSpec(_ index: Int = 0) -> String { "tcp:\(host):\(ports[index])" }

    /// Starts the launcher with `count` listening ports and waits until it has written its port file.
    static func start(count: Int = 1, readyWithin: Duration = .seconds(30)) async throws -> BumbleControllers {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("bumble-controllers-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let portFile = directory.appendingPathComponent("ports.json")
        let process = try PythonProcess(
            script: "controllers.py",
            arguments: ["--port-file", portFile.path, "--count", "\(count)", "--watch-stdin", "--max-lifetime", "900"],
            keepStandardInputOpen: true
        )

        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: readyWithin)
        var backOff: Duration = .milliseconds(5)
        while true {
            if let data = try? Data(contentsOf: portFile),
                let contents = try? JSONDecoder().decode(PortFile.self, from: data),
                contents.ports.count == count
            {
                return BumbleControllers(
                    host: contents.host, ports: contents.ports, process: process, directory: directory)
            }
            if process.hasExited || clock.now >= deadline {
                process.terminate()
                let outcome = await process.waitForExit(timeout: .seconds(10))
                try? FileManager.default.removeItem(at: directory)
                throw BumbleControllersError.notReady(within: readyWithin, transcript: outcome.transcript)
            }
            await Task.yield()
            try await Task.sleep(for: backOff)
            backOff = min(backOff * 2, .milliseconds(200))
        }
    }

    /// Stops the launcher with SIGTERM and returns how it ended.
    func stop() async -> ScriptOutcome {
        process.terminate()
        let outcome = await process.waitForExit(timeout: .seconds(10))
        try? FileManager.default.removeItem(at: directory)
        return outcome
    }

    /// Runs `body` with a fresh launcher and stops the launcher afterwards, whatever happens;
    /// records an issue if the launcher did not stop cleanly or logged an error.
    static func withRunning<Result>(
        count: Int = 1,
        sourceLocation: SourceLocation = #_sourceLocation,
        _ body: (BumbleControllers) async throws -> Result
    ) async throws -> Result {
        let controllers = try await start(count: count)
        let result: Result
        do {
            result = try await body(controllers)
        } catch {
            _ = await controllers.stop()
            throw error
        }
        let outcome = await controllers.stop()
        let loggedError = outcome.standardError.contains("Traceback") || outcome.standardError.contains("Exception")
        if !outcome.succeeded || loggedError {
            Issue.record("controllers.py did not run cleanly: \(outcome.transcript)", sourceLocation: sourceLocation)
        }
        return result
    }
}
