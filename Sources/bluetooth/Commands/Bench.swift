import ArgumentParser
import Foundation
import HCI

/// `bluetooth bench`: measures the host stack on the virtual radio, one fresh central and peripheral per benchmark.
struct Bench: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Measure discovery, reads, writes, notifications and writes without response on the virtual radio.")

    @OptionGroup var options: GlobalOptions

    @Option(
        name: .long,
        help: "Operations per benchmark, the same for each (default: 1000, and 20 whole-tree discoveries).")
    var count: Int?

    @Option(name: .long, help: "Run only these benchmarks (discover, read, write, notify, write-without-response).")
    var only: [String] = []

    @Flag(name: .long, help: "Also run each workload on Bumble (pip package bumble) and show how we compare.")
    var againstBumble = false

    func validate() throws {
        guard count.map({ $0 > 0 }) ?? true else { throw ValidationError("--count must be at least 1") }
        let known = Set(Benchmarks.all.map(\.name))
        if let unknown = only.first(where: { !known.contains($0) }) {
            throw ValidationError(
                "unknown benchmark '\(unknown)'; known: \(Benchmarks.all.map(\.name).joined(separator: ", "))")
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
            let operations = count ?? (benchmark.name == "discover" ? 20 : 1000)
            let result: BenchResult
            do {
                result = try await benchmark.run(operations, snoop)
            } catch {
                FileHandle.standardError.write(Data("bluetooth bench: \(benchmark.name): \(error)\n".utf8))
                throw ExitCode.failure
            }
            var details = result.fields
            var sentence =
                "\(result.name.padding(toLength: 24, withPad: " ", startingAt: 0)) \(result.operations) ops, "
                + result.summary
            if againstBumble {
                let bumble: BenchResult
                do {
                    bumble = try await BumbleBench.run(benchmark.name, operations: operations)
                } catch {
                    FileHandle.standardError.write(
                        Data("bluetooth bench: \(benchmark.name) on Bumble: \(error)\n".utf8))
                    throw ExitCode.failure
                }
                let speedup = bumble.seconds / Double(bumble.operations) / (result.seconds / Double(result.operations))
                sentence += "; Bumble \(bumble.summary); \(String(format: "%.1f", speedup))× Bumble's rate"
                for (key, value) in bumble.fields where key != "operations" && key != "bytesPerOp" {
                    details["bumble" + key.prefix(1).uppercased() + key.dropFirst()] = value
                }
                details["speedupOverBumble"] = (speedup * 100).rounded() / 100
            }
            narrator.step(result.name, sentence, details)
        }
    }
}
