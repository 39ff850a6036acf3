import ArgumentParser
import CoreBluetooth
import Foundation
import GATTFileFormat

/// `bluetooth write TARGET ATTRIBUTE HEX`: write one characteristic's value, with or without response (then waiting
/// until the value has gone out before disconnecting), or one descriptor's.
struct Write: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Write one characteristic's or descriptor's value.", discussion: AttributeAddress.discussion)

    @OptionGroup var options: GlobalOptions

    @OptionGroup(title: "Pairing") var pairing: PairingOptions

    @Argument(help: "The peripheral: its local name, address (AA:BB:CC:DD:EE:FF) or identifier (UUID).")
    var target: String

    @Argument(help: AttributeAddress.help)
    var attribute: String

    @Argument(help: "The value to write, as hex (e.g. 0a00).")
    var value: String

    @Flag(name: .long, help: "Write without response (characteristics only).")
    var withoutResponse = false

    @Option(name: .long, help: "Seconds to wait for the peripheral to advertise, and to connect.")
    var timeout: Double = 10

    func run() async throws {
        guard let bytes = AttributeValueText.hexBytes(value) else {
            throw ValidationError("'\(value)' is not hex bytes (e.g. 0a00)")
        }
        let address = try AttributeAddress(attribute)
        try await CommandFailure.reporting("write") {
            let progress = Progress()
            let (session, manager) = try await CentralSession.start(options, progress, pairing: pairing)
            let peripheral = try await session.connect(to: Target(target), with: manager, timeout: timeout, progress)
            let location = try await session.locate(address, in: peripheral, progress)
            let error = try await session.write(bytes, to: location, of: peripheral, withoutResponse: withoutResponse)
            await session.disconnect()
            if let error { throw CommandFailure("could not write \(location.name): \(error)") }
            Narrator(json: options.json).step(
                "written", "Wrote \(bytes.hex) to \(location.name).",
                ["uuid": location.uuid, "attribute": location.name, "value": bytes.hex])
        }
    }
}

extension CentralSession {
    /// Writes `bytes` to the characteristic or descriptor at `location`; returns why the peripheral refused, if it
    /// did. Without response (characteristics only), returns once the value has gone out.
    func write(
        _ bytes: [UInt8], to location: AttributeLocation, of peripheral: CBPeripheral, withoutResponse: Bool
    ) async throws -> CentralEvent.Failure? {
        let sending = try queue.sync { () -> Bool in
            if let descriptor = try location.descriptor(in: peripheral) {
                if withoutResponse {
                    throw CommandFailure("\(location.name) is a descriptor: descriptors take only writes with response")
                }
                if descriptor.uuid == CBUUID(string: CBUUIDClientCharacteristicConfigurationString) {
                    throw CommandFailure(
                        "\(location.name) is a Client Characteristic Configuration descriptor, which CoreBluetooth "
                            + "writes only through setNotifyValue: use subscribe")
                }
                peripheral.writeValue(Data(bytes), for: descriptor)
                return false
            }
            let characteristic = try location.characteristic(in: peripheral)
            if withoutResponse, !characteristic.properties.contains(.writeWithoutResponse) {
                throw CommandFailure("\(location.name) does not take writes without response")
            }
            peripheral.writeValue(
                Data(bytes), for: characteristic, type: withoutResponse ? .withoutResponse : .withResponse)
            return withoutResponse && !peripheral.canSendWriteWithoutResponse
        }
        if withoutResponse {
            if sending {
                try await next { event -> Void? in
                    if case .readyToWrite = event { return () }
                    return nil
                }
            }
            return nil
        }
        return try await next { event -> CentralEvent.Failure?? in
            switch event {
            case .valueWritten(let error), .descriptorWritten(let error): .some(error)
            default: nil
            }
        }
    }
}
