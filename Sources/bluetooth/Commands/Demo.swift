import ArgumentParser
import CoreBluetooth
import Dispatch

/// `bluetooth demo`: a heart-rate sensor (CBPeripheralManager) and a monitor (CBCentralManager) in one
/// process on the virtual radio, the monitor's steps narrated as they happen.
struct Demo: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Run a heart-rate sensor and a monitor on the virtual radio and narrate what happens.")

    @OptionGroup var options: OutputOptions

    @Option(name: .long, help: "How many heart-rate notifications to show before disconnecting.")
    var measurements = 5

    func validate() throws {
        guard measurements > 0 else { throw ValidationError("--measurements must be at least 1") }
    }

    func run() async throws {
        let narrator = Narrator(json: options.json)
        narrator.step("power", "Powering up a heart-rate sensor and a monitor, each with its own virtual controller.")
        let queue = DispatchQueue(label: "bluetooth.demo")
        let signals = Signals.exitCleanlyOnTermination()
        let sensor = HeartRateSensor(narrator: narrator, queue: queue)
        // Both on the process's own air, whatever BLUETOOTH_TRANSPORT says: one process plays both devices.
        var monitorOptions: [String: Any] = [CBManagerOptionTransportKey: "virtual"]
        if let snoopPath = options.snoopPath { monitorOptions[CBManagerOptionBTSnoopPathKey] = snoopPath }
        let monitor = HeartRateMonitor(
            narrator: narrator, queue: queue, options: monitorOptions, measurements: measurements)
        do {
            try await withCheckedThrowingContinuation { (finished: CheckedContinuation<Void, any Error>) in
                queue.async {
                    sensor.start { monitor.start(finished) }
                }
            }
        } catch {
            narrator.step("failed", "demo failed: \(error)")
            throw ExitCode.failure
        }
        queue.sync { sensor.stop() }
        withExtendedLifetime(signals) {}
        narrator.step(
            "done",
            "Done: serve, scan, explore, read, write and subscribe run the same code on real controllers (--transport)."
        )
    }
}
