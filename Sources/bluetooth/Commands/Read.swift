import ArgumentParser
import CoreBluetooth
import Foundation

/// `bluetooth read TARGET CHAR_UUID`: read one characteristic and print its value as hex.
struct Read: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Read one characteristic's value.")

    @OptionGroup var options: GlobalOptions

    @OptionGroup(title: "Pairing") var pairing: PairingOptions

    @Argument(help: "The peripheral: its local name, address (AA:BB:CC:DD:EE:FF) or identifier (UUID).")
    var target: String

    @Argument(help: "The characteristic's UUID (e.g. 2A19).")
    var characteristic: String

    @Option(name: .long, help: "Seconds to wait for the peripheral to advertise, and to connect.")
    var timeout: Double = 10

    func run() async throws {
        try await CommandFailure.reporting("read") {
            let uuid = try CBUUID.argument(characteristic)
            let progress = Progress()
            let (session, manager) = try await CentralSession.start(options, progress, pairing: pairing)
            let peripheral = try await session.connect(to: Target(target), with: manager, timeout: timeout, progress)
            let path = try await session.findCharacteristic(uuid, in: peripheral)
            let read = try session.queue.sync {
                let characteristic = try path.resolve(in: peripheral)
                peripheral.readValue(for: characteristic)
                return ObjectIdentifier(characteristic)
            }
            // A notification of another characteristic is not this read's answer.
            let (value, error) = try await session.next { event -> (Data?, CentralEvent.Failure?)? in
                if case .valueUpdated(read, let value, let error) = event { return (value, error) }
                return nil
            }
            await session.disconnect()
            if let error { throw CommandFailure("could not read \(uuid.uuidString): \(error)") }
            let bytes = [UInt8](value ?? Data())
            if options.json {
                Narrator(json: true).step(
                    "read", "Read \(uuid.uuidString).", ["uuid": uuid.uuidString, "value": bytes.hex])
            } else {
                print(bytes.hex)
            }
        }
    }
}

extension CBUUID {
    /// The UUID a command argument names, or a failure saying it is not one.
    static func argument(_ text: String) throws -> CBUUID {
        let digits = text.replacingOccurrences(of: "-", with: "")
        guard [4, 8, 32].contains(digits.count), digits.allSatisfy(\.isHexDigit),
            text.count == digits.count || text.count == 36
        else {
            throw ValidationError("'\(text)' is not a UUID (4 or 8 hex digits, or 36 characters with dashes)")
        }
        return CBUUID(string: text)
    }
}
