import ArgumentParser
import Foundation
import HCI

/// `bluetooth bench`: measures the host stack, one fresh central and peripheral per benchmark, on the virtual
/// air or on controllers behind transports; `--against-bumble` runs Bumble's host on the same controllers.
struct Bench: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Measure discovery, reads, writes, notifications, indications and writes without response.",
        discussion: """
            On the virtual air by default. With --transport tcp:HOST:PORT the central and the peripheral each \
            connect to it (a `bluetooth sim` gives each connection its own controller); --peripheral-transport \
            gives the peripheral another controller (Bumble's controllers listen on one port each). \
            --against-bumble runs every workload on Bumble's host too, on the same controllers and transport.
            """)

    @OptionGroup var options: GlobalOptions

    @Option(
        name: .long,
        help: "Operations per benchmark, the same for each (default: 1000, and 20 whole-tree discoveries).")
    var count: Int?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Run only these benchmarks (\(Benchmarks.all.map(\.name).joined(separator: ", ")); "
                + "crowd runs only when named)."))
    var only: [String] = []

    @Option(name: .long, help: "The peripheral's controller, when it is not --transport's.")
    var peripheralTransport: String?

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

    @Flag(name: .long, help: "Also run each workload on Bumble's host (pip package bumble) on the same controllers.")
    var againstBumble = false

    @Option(
        name: .long,
        help:
            "Run each workload this many times on each host, each on a fresh link, and report the run with the median rate."
    )
    var rounds = 1

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Milliseconds each workload runs untimed on its link before it is measured, on each host "
                + "(default: 100 over a transport, 0 on the virtual air, where instructions are counted).",
            valueName: "ms"))
    var warmUp: Int?

    func validate() throws {
        guard count.map({ $0 > 0 }) ?? true else { throw ValidationError("--count must be at least 1") }
        let names = Benchmarks.all.map(\.name) + ["crowd"]
        if let unknown = only.first(where: { !names.contains($0) }) {
            throw ValidationError("unknown benchmark '\(unknown)'; known: \(names.joined(separator: ", "))")
        }
        guard advertisers > 0, seconds > 0 else {
            throw ValidationError("--advertisers and --seconds must be positive")
        }
        guard ["instant", "timed"].contains(air) else { throw ValidationError("--air takes instant or timed") }
        guard warmUp.map({ $0 >= 0 }) ?? true else { throw ValidationError("--warm-up takes 0 or more milliseconds") }
        guard rounds > 0 else { throw ValidationError("--rounds must be at least 1") }
    }

    func run() async throws {
        let narrator = Narrator(json: options.json)
        if air == "timed", !only.contains("crowd") { return try await runTimedTable(narrator) }
        let controllers = try benchControllers()
        let snoop: BTSnoopWriter?
        do {
            snoop = try options.btsnoop.map { path throws(TransportError) in try BTSnoopWriter(path: path) }
        } catch {
            fail("\(error)")
        }
        let warmUpMilliseconds: Int
        if case .virtualAir = controllers {
            warmUpMilliseconds = warmUp ?? 0
        } else {
            warmUpMilliseconds = warmUp ?? 100
        }
        let setting = BenchSetting(controllers: controllers, snoop: snoop, warmUp: .milliseconds(warmUpMilliseconds))
        if !options.json {
            print(
                "Controllers: \(controllers.description)"
                    + (warmUpMilliseconds > 0 ? "; each workload runs \(warmUpMilliseconds) ms untimed first" : ""))
        }
        for benchmark in Benchmarks.all where only.isEmpty || only.contains(benchmark.name) {
            let operations = count ?? (benchmark.name == "discover" ? 20 : 1000)
            var ours: [BenchResult] = []
            var bumble: [BenchResult] = []
            for _ in 0..<rounds {
                do {
                    ours.append(try await benchmark.run(operations, setting))
                } catch {
                    fail("\(benchmark.name): \(error)")
                }
                guard againstBumble, case .transports(let central, let peripheral) = controllers else { continue }
                do {
                    bumble.append(
                        try await BumbleBench.run(
                            benchmark.name, operations: operations, warmUp: setting.warmUp, central: central,
                            peripheral: peripheral))
                } catch {
                    fail("\(benchmark.name) on Bumble: \(error)")
                }
            }
            report(
                BenchRounds(ours), bumble: bumble.isEmpty ? nil : BenchRounds(bumble), controllers: controllers,
                warmUpMilliseconds: warmUpMilliseconds)
        }
        if only.contains("crowd") { try await runCrowd(narrator) }
    }

    /// The controllers the options name; `--against-bumble` needs real transports so both hosts share them.
    private func benchControllers() throws -> BenchControllers {
        let central = try options.transportSpec(environment: ProcessInfo.processInfo.environment)
        let peripheral: TransportSpec?
        do {
            peripheral = try peripheralTransport.map { text throws(TransportError) in try TransportSpec(parsing: text) }
        } catch {
            throw ValidationError(error.description)
        }
        let controllers: BenchControllers
        do {
            controllers = try BenchControllers(central: central, peripheral: peripheral)
        } catch {
            throw ValidationError(error.description)
        }
        if againstBumble, case .virtualAir = controllers {
            throw ValidationError(
                "--against-bumble runs both hosts on the same controllers: give --transport tcp:HOST:PORT "
                    + "(a `bluetooth sim`, or Bumble's controllers with --peripheral-transport)")
        }
        return controllers
    }

    private func report(
        _ ours: BenchRounds, bumble: BenchRounds?, controllers: BenchControllers, warmUpMilliseconds: Int
    ) {
        let result = ours.median
        var sentence =
            "\(result.name.padding(toLength: 26, withPad: " ", startingAt: 0)) \(result.operations) ops"
            + (result.buffersPhrase.map { " on \($0)" } ?? "") + ", ours " + ours.summary
        var details: [String: Any] = [
            "controllers": controllers.description, "warmUpMilliseconds": warmUpMilliseconds, "ours": ours.fields,
        ]
        if let buffers = result.aclBuffers {
            details["aclBuffers"] = buffers.count
            details["aclBufferLength"] = buffers.length
        }
        if let bumble {
            let rate = result.operationsPerSecond / bumble.median.operationsPerSecond
            let cpu = bumble.median.cpuMicrosecondsPerOperation / result.cpuMicrosecondsPerOperation
            sentence +=
                "; Bumble " + bumble.summary
                + String(format: "; %.1f× Bumble's rate, %.1f× less CPU per operation", rate, cpu)
            details["bumble"] = bumble.fields
            details["rateOverBumble"] = rate
            details["cpuAdvantageOverBumble"] = cpu
        }
        Narrator(json: options.json).step(result.name, sentence, details)
    }

    private func fail(_ message: String) -> Never {
        FileHandle.standardError.write(Data("bluetooth bench: \(message)\n".utf8))
        Foundation.exit(1)
    }
}
