import ArgumentParser
import Foundation
import HCI

/// `bluetooth bench`: measures the host stack on the virtual radio, one fresh central and peripheral per benchmark.
struct Bench: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Measure discovery, reads, writes, notifications and writes without response on the virtual radio.")

    @OptionGroup var options: GlobalOptions

    @Option(name: .long, help: "Operations per benchmark.")
    var count = 1000

    @Option(name: .long, help: "Run only these benchmarks (discover, read, write, notify, write-without-response).")
    var only: [String] = []

    func validate() throws {
        guard count > 0 else { throw ValidationError("--count must be at least 1") }
        let known = Set(Benchmarks.all.map(\.name))
        if let unknown = only.first(where: { !known.contains($0) }) {
            throw ValidationError("unknown benchmark '\(unknown)'; known: \(Benchmarks.all.map(\.name).joined(separator: ", "))")
        }
    }

    func run() async throws {
        let narrator = Narrator(json: options.json)
        let snoop: BTSnoopWriter?
        do {
            snoop = try options.btsnoop.map { path throws(TransportError) in try BTSnoopWriter(path: path) }
        } catch {
            FileHandle.standardError.write(Data("bluetooth bench: \(error)\n".utf8))
            throw ExitCode.failure
        }
        for benchmark in Benchmarks.all where only.isEmpty || only.contains(benchmark.name) {
            let operations = benchmark.name == "discover" ? max(1, count / 50) : count
            let result: BenchResult
            do {
                result = try await benchmark.run(operations, snoop)
            } catch {
                FileHandle.standardError.write(Data("bluetooth bench: \(benchmark.name): \(error)\n".utf8))
                throw ExitCode.failure
            }
            let rate = String(format: "%.0f", result.operationsPerSecond)
            let latency = String(format: "%.1f", result.microsecondsPerOperation)
            let throughput = String(format: "%.1f", result.kilobytesPerSecond)
            narrator.step(
                result.name,
                "\(result.name.padding(toLength: 24, withPad: " ", startingAt: 0)) \(result.operations) ops, \(rate) ops/s, "
                    + "\(latency) µs/op" + (result.bytesPerOperation > 0 ? ", \(throughput) kB/s" : ""),
                [
                    "operations": String(result.operations), "opsPerSecond": rate, "microsecondsPerOp": latency,
                    "bytesPerOp": String(result.bytesPerOperation), "kilobytesPerSecond": throughput,
                ])
        }
    }
}
