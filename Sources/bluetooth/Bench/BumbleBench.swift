import Foundation
import HCI

/// Runs one of our benchmarks' workloads on Bumble's host (Google's Python host stack) on the controllers
/// ours ran on, so `bluetooth bench --against-bumble` puts the two hosts side by side.
enum BumbleBench {
    /// Why Bumble's side of a comparison could not be measured.
    enum Failure: Error, CustomStringConvertible {
        case launch(String)
        case failed(status: Int32, standardError: String)
        case unreadable(String)
        case unsupported(TransportSpec)

        var description: String {
            switch self {
            case .launch(let reason): "could not start python3 to run Bumble: \(reason)"
            case .failed(let status, let standardError):
                "Bumble's run ended with status \(status): "
                    + (standardError.split(separator: "\n").last.map(String.init) ?? "no message")
                    + (standardError.contains("No module named 'bumble'")
                        ? " (install it with `pip install bumble==0.0.236`)" : "")
            case .unreadable(let output): "Bumble's run printed no result line: \(output.prefix(200))"
            case .unsupported(let spec): "Bumble's host is only benchmarked over TCP, not \(spec)"
            }
        }
    }

    /// Runs `benchmark` for `operations` operations, after running it untimed for `warmUp`, on Bumble's hosts on
    /// the two controllers and returns its measurement; the CPU time is the Bumble process's own.
    static func run(
        _ benchmark: String, operations: Int, warmUp: Duration, central: TransportSpec, peripheral: TransportSpec
    ) async throws -> BenchResult {
        let arguments = [
            "--benchmark", benchmark, "--count", String(operations), "--warm-up", String(warmUp.seconds),
            "--central", try bumbleSpec(central), "--peripheral", try bumbleSpec(peripheral),
        ]
        return try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global().async {
                continuation.resume(with: Result { try measure(arguments) })
            }
        }
    }

    private static func bumbleSpec(_ spec: TransportSpec) throws(Failure) -> String {
        guard case .tcp(let host, let port) = spec else { throw .unsupported(spec) }
        return "tcp-client:\(host):\(port)"
    }

    /// Runs the script to completion on the calling thread; its error output goes to a file, so no pipe fills up.
    private static func measure(_ arguments: [String]) throws -> BenchResult {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("bluetooth-bench-bumble-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let script = directory.appendingPathComponent("bumble_bench.py")
        let errorLog = directory.appendingPathComponent("stderr")
        try Data(BumbleBenchScript.source.utf8).write(to: script)
        try Data().write(to: errorLog)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", script.path] + arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = try FileHandle(forWritingTo: errorLog)
        do {
            try process.run()
        } catch {
            throw Failure.launch(error.localizedDescription)
        }
        let standardOutput = try output.fileHandleForReading.readToEnd() ?? Data()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            let standardError = (try? String(contentsOf: errorLog, encoding: .utf8)) ?? ""
            throw Failure.failed(status: process.terminationStatus, standardError: standardError)
        }
        let text = String(decoding: standardOutput, as: UTF8.self)
        guard let line = text.split(separator: "\n").last,
            let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
            let seconds = object["seconds"] as? Double, seconds > 0,
            let done = object["operations"] as? Int, let size = object["bytesPerOperation"] as? Int,
            let name = object["name"] as? String, let cpu = object["cpuSeconds"] as? Double,
            let latencies = object["latencies"] as? [Double]
        else { throw Failure.unreadable(text) }
        return BenchResult(
            name: name, operations: done, bytesPerOperation: size, elapsed: .seconds(seconds), cpuSeconds: cpu,
            latencies: latencies.map { .seconds($0) })
    }
}
