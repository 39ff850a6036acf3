import ArgumentParser
import CoreBluetooth
import Foundation

/// `bluetooth write TARGET CHAR_UUID HEX`: write one characteristic, with or without response (then waiting until the
/// value has gone out before disconnecting).
struct Write: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Write one characteristic's value.")

    @OptionGroup var options: GlobalOptions

    @OptionGroup(title: "Pairing") var pairing: PairingOptions

    @Argument(help: "The peripheral: its local name, address (AA:BB:CC:DD:EE:FF) or identifier (UUID).")
    var target: String

    @Argument(help: "The characteristic's UUID (e.g. 2A19).")
    var characteristic: String

    @Argument(help: "The value to write, as hex (e.g. 0a00).")
    var value: String

    @Flag(name: .long, help: "Write without response.")
    var withoutResponse = false

    @Option(name: .long, help: "Seconds to wait for the peripheral to advertise, and to connect.")
    var timeout: Double = 10

    func run() async throws {
        guard let bytes = AttributeValueText.hexBytes(value) else {
            throw ValidationError("'\(value)' is not hex bytes (e.g. 0a00)")
        }
        try await CommandFailure.reporting("write") {
            let uuid = try CBUUID.argument(characteristic)
            let progress = Progress()
            let (session, manager) = try await CentralSession.start(options, progress, pairing: pairing)
            let peripheral = try await session.connect(to: Target(target), with: manager, timeout: timeout, progress)
            let path = try await session.findCharacteristic(uuid, in: peripheral)
            let type: CBCharacteristicWriteType = withoutResponse ? .withoutResponse : .withResponse
            let sending = try session.queue.sync {
                let characteristic = try path.resolve(in: peripheral)
                if withoutResponse, !characteristic.properties.contains(.writeWithoutResponse) {
                    throw CommandFailure("\(uuid.uuidString) does not take writes without response")
                }
                peripheral.writeValue(Data(bytes), for: characteristic, type: type)
                return withoutResponse && !peripheral.canSendWriteWithoutResponse
            }
            if sending {
                try await session.next { event -> Void? in
                    if case .readyToWrite = event { return () }
                    return nil
                }
            }
            if !withoutResponse {
                let error = try await session.next { event -> CentralEvent.Failure?? in
                    if case .valueWritten(let error) = event { return .some(error) }
                    return nil
                }
                if let error {
                    await session.disconnect()
                    throw CommandFailure("could not write \(uuid.uuidString): \(error)")
                }
            }
            await session.disconnect()
            Narrator(json: options.json).step(
                "written", "Wrote \(bytes.hex) to \(uuid.uuidString).", ["uuid": uuid.uuidString, "value": bytes.hex])
        }
    }
}
