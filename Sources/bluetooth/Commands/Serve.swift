import ArgumentParser
import CoreBluetooth
import Foundation
import GATTFileFormat

/// `bluetooth serve GATT.json`: run a peripheral from a GATT file until Ctrl-C or SIGTERM (exit status 0).
struct Serve: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Run a peripheral from a GATT file: advertise it, answer reads and writes, send notifications.",
        discussion: "The GATT file format is described in docs/gatt-file.md. Ctrl-C stops serving.")

    @OptionGroup var options: GlobalOptions

    @OptionGroup(title: "Pairing") var pairing: PairingOptions

    /// The longest Ctrl-C waits for the centrals' links to go down before serve exits regardless.
    static let leaveTime = 2.0

    @Argument(help: "The GATT file (JSON; see docs/gatt-file.md).")
    var file: String

    func run() async throws {
        try await CommandFailure.reporting("serve") {
            let gatt: GATTFile
            do {
                gatt = try GATTFile(contentsOfFile: file)
            } catch {
                throw CommandFailure("\(file): \(error)")
            }
            if let warning = gatt.nameFitWarning {
                Progress().say("warning: \(warning)")
            }
            options.hintAtPrivateAir()
            let server = PeripheralServer(file: gatt, options: options)
            let agent = pairing.agent()
            var managerOptions = options.managerOptions().merging(gatt.deviceOptions()) { _, file in file }
            if let agent {
                managerOptions[CBManagerOptionPairingAgentKey] = agent
            }
            let manager = CBPeripheralManager(delegate: server, queue: server.queue, options: managerOptions)
            // Ctrl-C and SIGTERM end serve once its centrals are disconnected, so that they see the peripheral leave
            // (Remote User Terminated Connection) rather than a supervision timeout; at most after `leaveTime`.
            let signals = Signals.exitCleanlyOnTermination {
                let left = DispatchSemaphore(value: 0)
                manager.disconnectAllCentrals { left.signal() }
                _ = left.wait(timeout: .now() + Self.leaveTime)
            }
            let watch = ControllerWait(options).watch(manager, on: server.queue, Progress()) { server.fail($0) }
            for await failure in server.started {
                watch.cancel()
                if let failure { throw failure }
            }
            withExtendedLifetime((manager, signals, agent)) {}
        }
    }
}
