import ArgumentParser
import CoreBluetooth
import Foundation

/// `bluetooth subscribe TARGET ATTRIBUTE`: turn on notifications or indications and print each value as it comes.
struct Subscribe: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Subscribe to one characteristic and print its notifications or indications.",
        discussion: AttributeAddress.discussion)

    @OptionGroup var options: GlobalOptions

    @OptionGroup(title: "Pairing") var pairing: PairingOptions

    @Argument(help: "The peripheral: its local name, address (AA:BB:CC:DD:EE:FF) or identifier (UUID).")
    var target: String

    @Argument(help: AttributeAddress.help)
    var attribute: String

    @Option(name: .long, help: "Stop after this many values (default: until Ctrl-C, which ends cleanly).")
    var count: Int?

    @Option(name: .long, help: "Seconds to wait for the peripheral to advertise, and to connect.")
    var timeout: Double = 10

    func run() async throws {
        let address = try AttributeAddress(attribute)
        try await CommandFailure.reporting("subscribe") {
            let progress = Progress()
            let (session, manager) = try await CentralSession.start(options, progress, pairing: pairing)
            let peripheral = try await session.connect(to: Target(target), with: manager, timeout: timeout, progress)
            let location = try await session.locate(address, in: peripheral, progress)
            guard location.descriptor == nil else {
                throw CommandFailure("\(location.name) is a descriptor; subscribe takes a characteristic")
            }
            let subscribed = try session.queue.sync {
                let characteristic = try location.characteristic(in: peripheral)
                peripheral.setNotifyValue(true, for: characteristic)
                return ObjectIdentifier(characteristic)
            }
            let error = try await session.next { event -> CentralEvent.Failure?? in
                if case .notificationState(_, let error) = event { return .some(error) }
                return nil
            }
            if let error { throw CommandFailure("could not subscribe to \(location.name): \(error)") }
            progress.say("subscribed to \(location.name)")
            let narrator = Narrator(json: options.json)
            var received = 0
            while count.map({ received < $0 }) ?? true,
                let value = try await session.next({ event -> Data?? in
                    switch event {
                    // Only this characteristic's values: CoreBluetooth delivers other handles' notifications to
                    // their own characteristics, which this command neither prints nor counts.
                    case .valueUpdated(subscribed, let value, nil): return .some(value ?? Data())
                    case .disconnected(_, let reason):
                        throw CommandFailure("disconnected: \(reason?.sentence ?? "by us")")
                    case .interrupted: return .some(nil)
                    default: return nil
                    }
                })
            {
                received += 1
                let bytes = [UInt8](value)
                if options.json {
                    narrator.step(
                        "value", "\(location.name) = \(bytes.hex)",
                        ["uuid": location.uuid, "attribute": location.name, "value": bytes.hex])
                } else {
                    print(bytes.hex)
                    fflush(nil)
                }
            }
            await session.disconnect()
        }
    }
}
