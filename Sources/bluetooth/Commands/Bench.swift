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

    @Option(
        name: .long,
        help:
            "Run only these benchmarks (discover, read, write, notify, write-without-response; crowd runs only when named)."
    )
    var only: [String] = []

    @Option(name: .long, help: "crowd: how many advertisers the sim holds.")
    var advertisers = 1000

    @Option(name: .long, help: "crowd: seconds the scanner counts reports.")
    var seconds = 10

    @Option(name: .long, help: "timed: connection events each throughput measurement spans.")
    var events = 40

    @Option(
        name: .long,
        help: "timed: print the timed air's throughput and read round trip against theory; with crowd, the sim's air.")
    var air = "instant"

    @Flag(name: .long, help: "Also run each workload on Bumble (pip package bumble) and show how we compare.")
    var againstBumble = false

    func validate() throws {
        guard count > 0 else { throw ValidationError("--count must be at least 1") }
        let names = Benchmarks.all.map(\.name) + ["crowd"]
        if let unknown = only.first(where: { !names.contains($0) }) {
            throw ValidationError("unknown benchmark '\(unknown)'; known: \(names.joined(separator: ", "))")
        }
        guard advertisers > 0, seconds > 0 else {
            throw ValidationError("--advertisers and --seconds must be positive")
        }
        guard ["instant", "timed"].contains(air) else { throw ValidationError("--air takes instant or timed") }
    }

    func run() async throws {
        let narrator = Narrator(json: options.json)
        if air == "timed", !only.contains("crowd") { return try await runTimedTable(narrator) }
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
                details["speedupOverBumble"] = String(format: "%.2f", speedup)
            }
            narrator.step(result.name, sentence, details)
        }
        if only.contains("crowd") { try await runCrowd(narrator) }
    }
}
