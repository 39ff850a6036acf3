import Foundation
import HCI
import Host
import Synchronization

/// What a ``CBL2CAPChannel`` and its two streams share: the received SDUs not yet read, the bytes written and not
/// yet handed to the host, each stream's status, delegate and run loops, and the link to the host channel.
///
/// The app's thread reads and writes the streams while the manager's queue feeds received data and the channel's
/// end in, and a task per channel hands written bytes to the host; a mutex guards all of it. Memory stays bounded
/// both ways: received SDUs give their credit back to the peer only once read whole, so at most
/// ``receiveCapacity`` bytes wait to be read; writes take at most ``sendCapacity`` bytes beyond what the host's
/// send queue holds.
final class L2CAPChannelCore: Sendable {
    /// Which of the two streams an event concerns.
    enum Side: Sendable {
        case input, output
    }

    /// A stream's status and the events it has yet to deliver, and where.
    struct StreamState {
        var status = Stream.Status.notOpen
        var targets: [StreamEventTarget] = []
        var pending: [Stream.Event] = []
        var deliveryScheduled = false
    }

    struct State {
        var received: [[UInt8]] = []
        var readOffset = 0
        var bufferedBytes = 0
        var unsent: [UInt8] = []
        var pumping = false
        var wantsSpace = false
        var ended = false
        var failure: (any Error)?
        var released = false
        var input = StreamState()
        var output = StreamState()

        subscript(side: Side) -> StreamState {
            get { side == .input ? input : output }
            set { if side == .input { input = newValue } else { output = newValue } }
        }
    }

    /// This device's limits for every channel CoreBluetooth opens or accepts.
    static let configuration = CreditBasedChannel.Configuration()
    /// The most received bytes that wait to be read: every credit the peer holds may carry the last K-frame of an
    /// SDU of up to our MTU, and no credit comes back before its SDU was read whole.
    static let receiveCapacity = Int(configuration.initialCredits) * Int(configuration.mtu)
    /// The most written bytes that wait for the host's send queue to take them.
    static let sendCapacity = 8192

    let host: BluetoothHost
    let info: L2CAPChannelInfo
    let state = Mutex(State())

    init(host: BluetoothHost, info: L2CAPChannelInfo) {
        self.host = host
        self.info = info
    }

    /// The received bytes not yet read.
    var bufferedByteCount: Int {
        state.withLock { $0.bufferedBytes }
    }

    /// Whether the channel ended: closed by either side or with its link.
    var isEnded: Bool {
        state.withLock { $0.ended }
    }

    // MARK: - From the manager's queue

    /// Takes an SDU the peer sent; tells the input stream's delegate bytes are available. One nobody will read (empty,
    /// or after the input stream closed) gives its credit back at once.
    func received(_ sdu: [UInt8]) {
        let (kept, schedule) = state.withLock { state -> (Bool, Delivery?) in
            guard !state.ended, state.input.status != .closed, !sdu.isEmpty else { return (false, nil) }
            state.received.append(sdu)
            state.bufferedBytes += sdu.count
            guard state.input.status == .open else { return (true, nil) }
            return (true, Self.post(.hasBytesAvailable, to: .input, in: &state))
        }
        if !kept { consume(1) }
        schedule?.arm()
    }

    /// The channel closed or its link went down: both streams end once the input's bytes are read.
    func ended(failure: (any Error)?) {
        let deliveries = state.withLock { state -> [Delivery] in
            guard !state.ended else { return [] }
            state.ended = true
            state.failure = failure
            state.unsent = []
            var deliveries: [Delivery?] = []
            if state.input.status == .open, state.bufferedBytes == 0 {
                state.input.status = .atEnd
                deliveries.append(Self.post(.endEncountered, to: .input, in: &state))
            }
            if state.output.status == .open || state.output.status == .writing {
                state.output.status = .atEnd
                deliveries.append(Self.post(.endEncountered, to: .output, in: &state))
            }
            return deliveries.compactMap(\.self)
        }
        for delivery in deliveries { delivery.arm() }
    }

    // MARK: - From the app

    /// The app let go of the channel, or closed its output stream: the host channel closes once every byte the
    /// output stream took has left, so that the peer's answer to the close confirms it received them all.
    func release() {
        let closeNow = state.withLock { state -> Bool in
            defer { state.released = true }
            return !state.released && !state.ended && !state.pumping
        }
        if closeNow { closeHostChannel() }
    }

    private func closeHostChannel() {
        Task { [host, info] in try? await host.closeChannel(info.localCID, of: info.connection, afterSending: true) }
    }

    /// Opens one stream: `.openCompleted`, then what it can already do.
    func open(_ side: Side) {
        let deliveries = state.withLock { state -> [Delivery] in
            guard state[side].status == .notOpen else { return [] }
            state[side].status = .open
            var deliveries: [Delivery?] = [Self.post(.openCompleted, to: side, in: &state)]
            switch side {
            case .input where state.bufferedBytes > 0:
                deliveries.append(Self.post(.hasBytesAvailable, to: .input, in: &state))
            case .input where state.ended:
                state.input.status = .atEnd
                deliveries.append(Self.post(.endEncountered, to: .input, in: &state))
            case .output where state.ended:
                state.output.status = .atEnd
                deliveries.append(Self.post(.endEncountered, to: .output, in: &state))
            case .output:
                deliveries.append(Self.post(.hasSpaceAvailable, to: .output, in: &state))
            case .input:
                break
            }
            return deliveries.compactMap(\.self)
        }
        for delivery in deliveries { delivery.arm() }
    }

    /// Closes one stream. Closing the output stream closes the channel once what it took has been sent (L2CAP has
    /// no half-close); the input stream then ends once its bytes are read.
    func close(_ side: Side) {
        state.withLock { state in
            state[side].status = .closed
            state[side].pending = []
        }
        if side == .output || status(of: .input) == .closed { release() }
    }

    /// Copies up to `length` received bytes into `buffer`; 0 when none is buffered (at the end, or not yet:
    /// the read never blocks), -1 when the stream is not open.
    func read(into buffer: UnsafeMutablePointer<UInt8>, maxLength length: Int) -> Int {
        let (count, consumed, delivery) = state.withLock { state -> (Int, Int, Delivery?) in
            guard state.input.status == .open || state.input.status == .atEnd else { return (-1, 0, nil) }
            var count = 0
            var consumed = 0
            while count < length, let first = state.received.first {
                let take = min(length - count, first.count - state.readOffset)
                _ = UnsafeMutableBufferPointer(start: buffer + count, count: take)
                    .update(fromContentsOf: first[state.readOffset..<(state.readOffset + take)])
                count += take
                state.readOffset += take
                if state.readOffset == first.count {
                    state.received.removeFirst()
                    state.readOffset = 0
                    consumed += 1
                }
            }
            state.bufferedBytes -= count
            var delivery: Delivery?
            if state.bufferedBytes > 0 {
                delivery = Self.post(.hasBytesAvailable, to: .input, in: &state)
            } else if state.ended, state.input.status == .open {
                state.input.status = .atEnd
                delivery = Self.post(.endEncountered, to: .input, in: &state)
            }
            return (count, consumed, delivery)
        }
        if consumed > 0 { consume(consumed) }
        delivery?.arm()
        return count
    }

    /// Takes up to `length` bytes for the peer, as many as the send buffer has room for; -1 when the stream is
    /// not open or the channel ended.
    func write(_ buffer: UnsafePointer<UInt8>, maxLength length: Int) -> Int {
        let (count, startPump, delivery) = state.withLock { state -> (Int, Bool, Delivery?) in
            guard state.output.status == .open, !state.ended, !state.released else { return (-1, false, nil) }
            let count = min(max(length, 0), Self.sendCapacity - state.unsent.count)
            state.unsent.append(contentsOf: UnsafeBufferPointer(start: buffer, count: count))
            let startPump = count > 0 && !state.pumping
            if startPump { state.pumping = true }
            var delivery: Delivery?
            if state.unsent.count < Self.sendCapacity, count == length {
                delivery = Self.post(.hasSpaceAvailable, to: .output, in: &state)
            } else {
                state.wantsSpace = true
            }
            return (count, startPump, delivery)
        }
        if startPump { Task { await pump() } }
        delivery?.arm()
        return count
    }

    /// Whether the input stream has bytes to read.
    var hasBytesAvailable: Bool {
        state.withLock { $0.input.status == .open && $0.bufferedBytes > 0 }
    }

    /// Whether a write would take at least one byte.
    var hasSpaceAvailable: Bool {
        state.withLock {
            $0.output.status == .open && !$0.ended && !$0.released && $0.unsent.count < Self.sendCapacity
        }
    }

    /// Why a stream failed, once the channel ended with an error.
    var failure: (any Error)? {
        state.withLock { $0.failure }
    }

    // MARK: - To the host

    private func consume(_ count: Int) {
        Task { [host, info] in await host.consumed(count, onChannel: info.localCID, of: info.connection) }
    }

    /// Hands the written bytes to the host as SDUs of at most the peer's MTU, each once its send queue has room;
    /// closes the host channel after the last when the app let go of the channel meanwhile.
    private func pump() async {
        while true {
            let (chunk, delivery, close) = state.withLock { state -> ([UInt8], Delivery?, Bool) in
                guard !state.ended, !state.unsent.isEmpty else {
                    state.pumping = false
                    return ([], nil, state.released && !state.ended)
                }
                let chunk = Array(state.unsent.prefix(info.peerMTU))
                state.unsent.removeFirst(chunk.count)
                guard state.wantsSpace, state.output.status == .open, !state.released else {
                    return (chunk, nil, false)
                }
                state.wantsSpace = false
                return (chunk, Self.post(.hasSpaceAvailable, to: .output, in: &state), false)
            }
            delivery?.arm()
            if close { closeHostChannel() }
            guard !chunk.isEmpty else { return }
            do throws(HostError) {
                try await host.enqueue(chunk, onChannel: info.localCID, of: info.connection)
            } catch {
                state.withLock {
                    $0.unsent = []
                    $0.pumping = false
                }
                return
            }
        }
    }
}
