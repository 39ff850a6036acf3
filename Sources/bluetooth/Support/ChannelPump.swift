import CoreBluetooth
import Foundation
import Synchronization

/// Drives one L2CAP channel's streams for a command: writes the bytes to send, reads until as many bytes as
/// asked for have arrived, then closes the channel once what it wrote has been sent, or leaves the close to the
/// peer, on a thread of its own whose run loop the streams are scheduled on.
///
/// Leaving the close to the peer is for peers that may read after a close: Linux's L2CAP socket reports the end
/// of the stream to a reader as soon as the peer's Disconnection Request arrives, before the data that came just
/// ahead of it (docs/development/bluez.md).
///
/// `@unchecked Sendable` because the channel and its streams are touched only on that thread once ``run(_:)``
/// starts it; the command only awaits the outcome.
final class ChannelPump: NSObject, StreamDelegate, @unchecked Sendable {
    /// What the pump ended with: the bytes received, or why the channel failed.
    enum Outcome: Sendable {
        case done([UInt8])
        case failed(String)
        /// Ctrl-C ended the exchange.
        case interrupted
    }

    private let channel: CBL2CAPChannel
    private var outgoing: [UInt8]
    private let wanted: Int
    private let peerCloses: Bool
    private let timeout: Double
    /// The run loop of the pump's thread once it runs, and the outcome ``stop(_:)`` asked for, if any: a stop that
    /// comes before the thread runs is taken when it starts.
    private let control = Mutex<(runLoop: RunLoop?, stopped: Outcome?)>((nil, nil))
    private var received: [UInt8] = []
    private var finish: CheckedContinuation<Outcome, Never>?
    private var finished = false
    private var closing = false

    /// `peerCloses`: the channel stays open once the bytes have crossed, until the peer closes it. The exchange
    /// fails when it has not ended within `timeout` seconds.
    init(_ channel: CBL2CAPChannel, send: [UInt8], receive: Int, peerCloses: Bool = false, timeout: Double) {
        self.channel = channel
        outgoing = send
        wanted = receive
        self.peerCloses = peerCloses
        self.timeout = timeout
    }

    /// Whether every byte to send was written and every byte asked for was read.
    private var exchanged: Bool {
        outgoing.isEmpty && received.count >= wanted
    }

    /// Sends and receives, returning once `receive` bytes were read and everything written reached the peer (the
    /// channel is then closed, by this side or, with `peerCloses`, by the peer), or the channel ended first.
    func run() async -> Outcome {
        await withCheckedContinuation { continuation in
            finish = continuation
            let thread = Thread { [self] in
                let stoppedEarly = control.withLock { control in
                    control.runLoop = .current
                    return control.stopped
                }
                if let stoppedEarly { end(stoppedEarly) }
                for stream in [channel.inputStream as Stream, channel.outputStream as Stream] {
                    stream.delegate = self
                    stream.schedule(in: .current, forMode: .default)
                    stream.open()
                }
                let deadline = Timer(fire: Date() + timeout, interval: 0, repeats: false) { [self] _ in
                    end(.failed(timedOut))
                }
                RunLoop.current.add(deadline, forMode: .default)
                while !finished { _ = RunLoop.current.run(mode: .default, before: .distantFuture) }
                for stream in [channel.inputStream as Stream, channel.outputStream as Stream] {
                    stream.remove(from: .current, forMode: .default)
                }
            }
            thread.start()
        }
    }

    /// Ends the exchange with `outcome`, from any thread (at Ctrl-C, or when the controller goes away): a timer
    /// added to the pump's run loop wakes it, and the exchange ends there; before the pump's thread runs, the
    /// thread ends it as it starts.
    func stop(_ outcome: Outcome) {
        control.withLock { control in
            guard control.stopped == nil else { return }
            control.stopped = outcome
            control.runLoop?.add(
                Timer(fire: Date(), interval: 0, repeats: false) { [self] _ in end(outcome) }, forMode: .default)
        }
    }

    /// Why the exchange timed out: what it still waited for.
    private var timedOut: String {
        let waitedFor =
            outgoing.isEmpty
            ? "\(wanted) bytes (got \(received.count))" : "the peer to take \(outgoing.count) more bytes"
        return
            "no answer within \(timeout == timeout.rounded() ? "\(Int(timeout))" : "\(timeout)") s: waited for \(waitedFor)"
    }

    func stream(_ stream: Stream, handle event: Stream.Event) {
        switch event {
        case .hasSpaceAvailable: write()
        case .hasBytesAvailable: read()
        case .endEncountered: ended()
        case .errorOccurred:
            end(.failed("the channel failed: \(stream.streamError.map(String.init(describing:)) ?? "")"))
        default: break
        }
        if !closing, !peerCloses, exchanged { close() }
    }

    /// A stream ended: done when this side closed, or when the peer closed after the bytes crossed (read first
    /// what the input still holds).
    private func ended() {
        read()
        if closing || (peerCloses && exchanged) {
            end(.done(received))
        } else {
            end(.failed("the peer closed the channel after \(received.count) bytes"))
        }
    }

    /// Closes the output stream, which closes the channel once the bytes written have been sent; the input stream
    /// ends when the peer has answered the close, having received them all.
    private func close() {
        closing = true
        channel.outputStream.close()
    }

    private func write() {
        guard !outgoing.isEmpty, let output = channel.outputStream else { return }
        let written = outgoing.withUnsafeBufferPointer { output.write($0.baseAddress!, maxLength: $0.count) }
        if written > 0 { outgoing.removeFirst(written) }
    }

    private func read() {
        guard let input = channel.inputStream else { return }
        var buffer = [UInt8](repeating: 0, count: 4096)
        while input.hasBytesAvailable {
            let count = buffer.withUnsafeMutableBufferPointer { input.read($0.baseAddress!, maxLength: $0.count) }
            guard count > 0 else { break }
            received += buffer[..<count]
        }
    }

    private func end(_ outcome: Outcome) {
        guard !finished else { return }
        finished = true
        finish?.resume(returning: outcome)
        finish = nil
    }
}
