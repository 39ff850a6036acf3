import ArgumentParser
import Foundation

/// `bluetooth soak`: long-running traffic between a central and a peripheral on the virtual radio, sampling the
/// process's memory, descriptors and threads so that a leak shows as a rising curve.
struct Soak: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Run a central and a peripheral on the virtual radio for a long time: reconnects, pairing, "
            + "writes and notifications, sampling memory, descriptors and threads.")

    @OptionGroup var options: GlobalOptions

    @Option(name: .long, help: "How long to run: seconds, or a number with s, m or h (90s, 30m, 1h).")
    var duration: SoakDuration

    @Option(name: .long, help: "Seconds between two samples.")
    var sampleInterval = 60

    @Option(name: .long, help: "Seconds each connection carries traffic before the central reconnects.")
    var reconnectInterval = 3

    @Option(name: .long, help: "Milliseconds between two write-and-notify rounds.")
    var paceMs = 5

    func validate() throws {
        if options.transport != nil {
            throw ValidationError("soak runs both devices on a virtual air of its own; --transport does not apply")
        }
        guard sampleInterval > 0, reconnectInterval > 0, paceMs >= 0 else {
            throw ValidationError("--sample-interval and --reconnect-interval must be at least 1, --pace-ms at least 0")
        }
    }

    func run() async throws {
        let counters = SoakCounters()
        let workload: SoakWorkload
        do {
            workload = SoakWorkload(
                rig: try await BenchRig.start(BenchSetting(controllers: .virtualAir, snoop: nil)),
                connectionTime: .seconds(reconnectInterval),
                pace: .milliseconds(paceMs), counters: counters)
        } catch {
            FileHandle.standardError.write(Data("bluetooth soak: \(error)\n".utf8))
            throw ExitCode.failure
        }
        let readers = workload.startEventReaders()
        let traffic = Task { await workload.run() }
        let clock = ContinuousClock()
        let start = clock.now
        var samples = [report(elapsed: 0, counters)]
        var elapsed = 0
        while elapsed < duration.seconds {
            elapsed = min(elapsed + sampleInterval, duration.seconds)
            try? await clock.sleep(until: start + .seconds(elapsed))
            samples.append(report(elapsed: elapsed, counters))
        }
        traffic.cancel()
        await traffic.value
        for reader in readers { reader.cancel() }
        await workload.rig.stop()
        summarize(samples)
        if samples.last?.counts.failures != 0 { throw ExitCode.failure }
    }

    private func report(elapsed: Int, _ counters: SoakCounters) -> SoakSample {
        let sample = SoakSample(elapsedSeconds: elapsed, usage: .current(), counts: counters.snapshot)
        print(options.json ? sample.json : sample.text)
        fflush(nil)
        return sample
    }

    private func summarize(_ samples: [SoakSample]) {
        guard !options.json, let first = samples.first, let last = samples.last else { return }
        let megabytes = { (bytes: Int) in String(format: "%.1f", Double(bytes) / 1_048_576) }
        print(
            "soak: \(samples.count) samples over \(last.elapsedSeconds) s; rss \(megabytes(first.usage.residentBytes))"
                + " -> \(megabytes(last.usage.residentBytes)) MiB, fds \(first.usage.openDescriptors) -> "
                + "\(last.usage.openDescriptors), threads \(first.usage.threads) -> \(last.usage.threads); "
                + "\(last.counts.failures) failures")
    }
}
