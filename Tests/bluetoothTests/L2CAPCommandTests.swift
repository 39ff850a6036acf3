import CoreBluetooth
import Foundation
import Testing

@testable import bluetooth

@Suite("bluetooth l2cap against a channel published on the virtual radio", .timeLimit(.minutes(2)))
struct L2CAPCommandTests {
    /// A peripheral manager's delegate that reports the published PSM and the channel a central opens.
    final class Listener: NSObject, CBPeripheralManagerDelegate, Sendable {
        enum Event: Sendable {
            case state(CBManagerState)
            case published(CBL2CAPPSM)
            case advertising
            case opened(CentralEvent.Channel)
        }

        let queue = DispatchQueue(label: "l2cap.listener")
        let events: AsyncStream<Event>
        private let sink: AsyncStream<Event>.Continuation

        override init() {
            (events, sink) = AsyncStream.makeStream(of: Event.self)
        }

        func next<T>(_ match: (Event) -> T?) async throws -> T {
            for await event in events {
                if let found = match(event) { return found }
            }
            throw CommandFailure("the peripheral manager stopped")
        }

        func peripheralManagerDidUpdateState(_ peripheral: CBPeripheralManager) {
            sink.yield(.state(peripheral.state))
        }

        func peripheralManager(
            _ peripheral: CBPeripheralManager, didPublishL2CAPChannel PSM: CBL2CAPPSM, error: (any Error)?
        ) {
            sink.yield(.published(PSM))
        }

        func peripheralManagerDidStartAdvertising(_ peripheral: CBPeripheralManager, error: (any Error)?) {
            sink.yield(.advertising)
        }

        func peripheralManager(
            _ peripheral: CBPeripheralManager, didOpen channel: CBL2CAPChannel?, error: (any Error)?
        ) {
            if let channel { sink.yield(.opened(CentralEvent.Channel(channel: channel))) }
        }
    }

    @Test("l2cap sends its bytes on the published channel and prints the bytes the peripheral sends back")
    func exchangesBothWays() async throws {
        let (command, peripheralSide) = try await exchange(commandWaitsForClose: false, peripheralCloses: true)
        #expect(command.status == 0, "\(command.standardError)")
        #expect(command.standardOutput == "01020304\n")
        #expect(peripheralSide == Array("hello".utf8))
    }

    @Test("l2cap closes the channel itself once the bytes crossed: a peripheral that waits for the close gets it")
    func closesWhenDone() async throws {
        let (command, peripheralSide) = try await exchange(commandWaitsForClose: false, peripheralCloses: false)
        #expect(command.status == 0, "\(command.standardError)")
        #expect(peripheralSide == Array("hello".utf8))
    }

    @Test("with --until-peer-closes, l2cap leaves the close to the peripheral and ends with its bytes when it comes")
    func waitsForThePeerToClose() async throws {
        let (command, peripheralSide) = try await exchange(commandWaitsForClose: true, peripheralCloses: true)
        #expect(command.status == 0, "\(command.standardError)")
        #expect(command.standardOutput == "01020304\n")
        #expect(peripheralSide == Array("hello".utf8))
    }

    @Test("l2cap gives up after --timeout with one line and status 1 when the peer sends fewer bytes than --receive")
    func timesOutWaitingForBytes() async throws {
        let published = try await PublishedChannel.start()
        defer { _ = published.sim.stop() }
        async let command = CommandLineTool.run(
            [
                "l2cap", "Channel", "\(published.psm)", "--send", "0102", "--receive", "5", "--timeout", "3",
                "--transport", published.transport,
            ])
        let opened = try await published.opened()
        async let peripheralSide = ChannelPump(opened.channel, send: [1, 2], receive: 2, peerCloses: true, timeout: 60)
            .run()
        let outcome = try await command
        _ = await peripheralSide
        #expect(outcome.status == 1)
        #expect(
            outcome.standardError.hasSuffix("bluetooth l2cap: no answer within 3 s: waited for 5 bytes (got 2)\n"),
            "\(outcome.standardError)")
    }

    @Test("l2cap to a PSM the peripheral has not published says the peer refused it: SPSM not supported")
    func refusedPSM() async throws {
        let published = try await PublishedChannel.start()
        defer { _ = published.sim.stop() }
        let unpublished = published.psm + 1
        let outcome = try await CommandLineTool.run(
            ["l2cap", "Channel", "\(unpublished)", "--send", "01", "--transport", published.transport])
        #expect(outcome.status == 1)
        let last = outcome.standardError.split(separator: "\n").last ?? ""
        #expect(
            last == "bluetooth l2cap: could not open PSM \(unpublished): The connection has failed unexpectedly: "
                + "The peer refused the channel: SPSM not supported (0x0002)", "\(outcome.standardError)")
    }

    @Test("Ctrl-C while l2cap waits for bytes ends it cleanly, with status 0")
    func interruptedWhileWaiting() async throws {
        let published = try await PublishedChannel.start()
        defer { _ = published.sim.stop() }
        let command = try RunningTool(
            [
                "l2cap", "Channel", "\(published.psm)", "--send", "0102", "--receive", "5", "--timeout", "600",
                "--transport", published.transport,
            ],
            standardError: true)
        let opened = try await published.opened()
        while let line = await command.nextLine(), !line.hasPrefix("channel open") {}
        #expect(await command.interrupt() == 0)
        withExtendedLifetime(opened) {}
    }

    /// A peripheral manager on a sim that publishes an L2CAP channel and advertises as "Channel".
    struct PublishedChannel {
        let sim: RunningTool
        let manager: CBPeripheralManager
        let listener: Listener
        let transport: String
        let psm: CBL2CAPPSM

        static func start() async throws -> PublishedChannel {
            let sim = try RunningTool(["sim", "--listen", "127.0.0.1:0", "--json"])
            let line = try #require(await sim.nextLine())
            let announcement = try #require(
                try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            let transport = "tcp:127.0.0.1:\(try #require(announcement["port"] as? Int))"
            let listener = Listener()
            let manager = CBPeripheralManager(
                delegate: listener, queue: listener.queue, options: [CBManagerOptionTransportKey: transport])
            let state = try await listener.next { event -> CBManagerState? in
                if case .state(let state) = event, state != .unknown { return state }
                return nil
            }
            #expect(state == .poweredOn)
            listener.queue.sync { manager.publishL2CAPChannel(withEncryption: false) }
            let psm = try await listener.next { event -> CBL2CAPPSM? in
                if case .published(let psm) = event { return psm }
                return nil
            }
            listener.queue.sync { manager.startAdvertising([CBAdvertisementDataLocalNameKey: "Channel"]) }
            _ = try await listener.next { event -> Bool? in
                if case .advertising = event { return true }
                return nil
            }
            return PublishedChannel(sim: sim, manager: manager, listener: listener, transport: transport, psm: psm)
        }

        /// The channel a central opens.
        func opened() async throws -> CentralEvent.Channel {
            try await listener.next { event -> CentralEvent.Channel? in
                if case .opened(let channel) = event { return channel }
                return nil
            }
        }
    }

    /// Runs `bluetooth l2cap` against a channel a peripheral manager publishes on a sim; the peripheral's side sends
    /// four bytes, reads the command's five, and closes the channel itself or waits for the command to. Returns the
    /// command's outcome and the bytes the peripheral's side received (nil when its side failed).
    private func exchange(
        commandWaitsForClose: Bool, peripheralCloses: Bool
    ) async throws -> (CommandLineTool.Outcome, [UInt8]?) {
        let published = try await PublishedChannel.start()
        defer { _ = published.sim.stop() }
        let (manager, listener, transport, psm) =
            (published.manager, published.listener, published.transport, published.psm)
        let arguments =
            ["l2cap", "Channel", "\(psm)", "--send", "68656c6c6f", "--receive", "4", "--transport", transport]
            + (commandWaitsForClose ? ["--until-peer-closes"] : [])
        async let command = CommandLineTool.run(arguments)
        let opened = try await published.opened()
        let peripheralSide = await ChannelPump(
            opened.channel, send: [1, 2, 3, 4], receive: 5, peerCloses: !peripheralCloses, timeout: 30
        ).run()
        let outcome = try await command
        listener.queue.sync { manager.stopAdvertising() }
        guard case .done(let received) = peripheralSide else {
            Issue.record("the peripheral's side failed: \(peripheralSide)")
            return (outcome, nil)
        }
        return (outcome, received)
    }

    @Test("a PSM that is not a number from 1 to 65535 is a usage error")
    func rejectsBadPSM() async throws {
        #expect(L2CAP.psmValue("0x80") == 0x80)
        #expect(L2CAP.psmValue("128") == 128)
        #expect(L2CAP.psmValue("0") == nil)
        #expect(L2CAP.psmValue("ninety") == nil)
        let outcome = try await CommandLineTool.run(["l2cap", "Channel", "0"])
        #expect(outcome.status == 2)
        #expect(outcome.standardError.contains("'0' is not a PSM"))
    }
}
