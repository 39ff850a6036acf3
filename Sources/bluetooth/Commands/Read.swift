import ArgumentParser
import CoreBluetooth
import Foundation

/// `bluetooth read TARGET ATTRIBUTE`: read one characteristic's or descriptor's value and print it as hex.
struct Read: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Read one characteristic's or descriptor's value.", discussion: AttributeAddress.discussion)

    @OptionGroup var options: GlobalOptions

    @OptionGroup(title: "Pairing") var pairing: PairingOptions

    @Argument(help: "The peripheral: its local name, address (AA:BB:CC:DD:EE:FF) or identifier (UUID).")
    var target: String

    @Argument(help: AttributeAddress.help)
    var attribute: String

    @Option(name: .long, help: "Seconds to wait for the peripheral to advertise, and to connect.")
    var timeout: Double = 10

    func run() async throws {
        let address = try AttributeAddress(attribute)
        try await CommandFailure.reporting("read") {
            let progress = Progress()
            let (session, manager) = try await CentralSession.start(options, progress, pairing: pairing)
            let peripheral = try await session.connect(to: Target(target), with: manager, timeout: timeout, progress)
            let location = try await session.locate(address, in: peripheral, progress)
            let (value, error) = try await session.read(location, of: peripheral)
            await session.disconnect()
            if let error { throw CommandFailure("could not read \(location.name): \(error)") }
            let bytes = value ?? []
            if options.json {
                Narrator(json: true).step(
                    "read", "Read \(location.name).",
                    ["uuid": location.uuid, "attribute": location.name, "value": bytes.hex])
            } else {
                print(bytes.hex)
            }
        }
    }
}

extension CentralSession {
    /// Reads the characteristic or descriptor at `location`: its bytes, or why the peripheral refused.
    func read(
        _ location: AttributeLocation, of peripheral: CBPeripheral
    ) async throws -> ([UInt8]?, CentralEvent.Failure?) {
        let read = try queue.sync { () -> ObjectIdentifier? in
            if let descriptor = try location.descriptor(in: peripheral) {
                peripheral.readValue(for: descriptor)
                return nil
            }
            let characteristic = try location.characteristic(in: peripheral)
            peripheral.readValue(for: characteristic)
            return ObjectIdentifier(characteristic)
        }
        guard let read else {
            let error = try await next { event -> CentralEvent.Failure?? in
                if case .descriptorUpdated(let error) = event { return .some(error) }
                return nil
            }
            return (try queue.sync { try location.descriptor(in: peripheral)?.receivedBytes }, error)
        }
        // A notification of another characteristic is not this read's answer.
        return try await next { event -> ([UInt8]?, CentralEvent.Failure?)? in
            if case .valueUpdated(read, let value, let error) = event { return (value.map { [UInt8]($0) }, error) }
            return nil
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
