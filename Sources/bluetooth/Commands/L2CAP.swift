import ArgumentParser
import CoreBluetooth
import Foundation
import GATTFileFormat

/// `bluetooth l2cap TARGET PSM`: opens an LE credit-based channel to a peripheral, sends bytes on it and prints
/// the bytes it receives, as hex.
struct L2CAP: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "l2cap",
        abstract: "Open an L2CAP channel (LE credit-based) to a peripheral, send and receive bytes.")

    @OptionGroup var options: GlobalOptions

    @Argument(help: "The peripheral: its local name, address (AA:BB:CC:DD:EE:FF) or identifier (UUID).")
    var target: String

    @Argument(help: "The channel's PSM, decimal or hex (e.g. 128 or 0x80).")
    var psm: String

    @Option(name: .long, help: "Bytes to send once the channel is open, as hex (e.g. 0a00).")
    var send: String?

    @Option(name: .long, help: "How many bytes to wait for and print, as hex, before closing.")
    var receive = 0

    @Flag(
        name: .long,
        help: ArgumentHelp(
            "Once the bytes have crossed, keep the channel open until the peer closes it (for a peer that may "
                + "read after our close: Linux's socket then reports the end before the bytes that came just ahead)."
        ))
    var untilPeerCloses = false

    @Option(
        name: .long,
        help: "Seconds to wait for the peripheral to advertise, to connect, and for the data to cross the channel.")
    var timeout: Double = 10

    func run() async throws {
        guard let number = Self.psmValue(psm) else {
            throw ValidationError("'\(psm)' is not a PSM (1 to 65535, decimal or 0x hex)")
        }
        guard let bytes = AttributeValueText.hexBytes(send ?? "") else {
            throw ValidationError("'\(send ?? "")' is not hex bytes (e.g. 0a00)")
        }
        guard receive >= 0 else { throw ValidationError("--receive must not be negative") }
        try await CommandFailure.reporting("l2cap") {
            let progress = Progress()
            let (session, manager) = try await CentralSession.start(options, progress)
            let peripheral = try await session.connect(to: Target(target), with: manager, timeout: timeout, progress)
            session.queue.sync { peripheral.openL2CAPChannel(number) }
            let (opened, error) = try await session.next { event -> (CentralEvent.Channel?, CentralEvent.Failure?)? in
                if case .channelOpened(let channel, let error) = event { return (channel, error) }
                return nil
            }
            guard let opened else {
                await session.disconnect()
                throw CommandFailure("could not open PSM \(number): \(error.map(\.sentence) ?? "no channel")")
            }
            progress.say("channel open on PSM \(number)")
            let pump = ChannelPump(
                opened.channel, send: bytes, receive: receive, peerCloses: untilPeerCloses, timeout: timeout)
            let watcher = Task {
                let outcome: ChannelPump.Outcome
                do {
                    _ = try await session.next { event -> Bool? in
                        if case .interrupted = event { return true }
                        return nil
                    }
                    outcome = .interrupted
                } catch {
                    outcome = .failed("\(error)")
                }
                if !Task.isCancelled { pump.stop(outcome) }
            }
            let outcome = await pump.run()
            watcher.cancel()
            await watcher.value
            await session.disconnect()
            switch outcome {
            case .interrupted: throw Interrupted()
            case .failed(let reason): throw CommandFailure(reason)
            case .done(let received):
                Narrator(json: options.json).step(
                    "l2cap", received.hex,
                    ["psm": Int(number), "sent": bytes.hex, "received": received.hex])
            }
        }
    }

    /// The PSM `text` names, decimal or `0x` hex, or nil.
    static func psmValue(_ text: String) -> CBL2CAPPSM? {
        let value = text.lowercased().hasPrefix("0x") ? UInt16(text.dropFirst(2), radix: 16) : UInt16(text)
        return value.flatMap { $0 == 0 ? nil : $0 }
    }
}
