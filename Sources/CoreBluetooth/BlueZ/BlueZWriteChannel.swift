import BlueZ

/// Writes without response to one characteristic through the socket bluetoothd's `AcquireWrite` handed over: one
/// datagram per value, no D-Bus round trip each.
///
/// While the socket is being acquired, or its buffer is full (`EAGAIN`), values wait here, in order, at most
/// ``waitingLimit`` of them (more are dropped, as iOS drops writes an app sends while `canSendWriteWithoutResponse`
/// is false); `onReady` is called once they have all gone out. When bluetoothd refuses the socket or it breaks, the
/// waiting values go to `onFallback` (to be written through `WriteValue`), and so do all later ones.
///
/// Confined to the delegate queue, like its socket.
final class BlueZWriteChannel {
    /// Where the channel is.
    enum State {
        /// `AcquireWrite` is under way.
        case acquiring
        /// Values go through this socket.
        case open(BlueZValueSocket)
        /// No socket: refused, broken or closed; values go through `WriteValue`.
        case unavailable
    }

    /// The most values that wait for the socket.
    static let waitingLimit = 64

    private(set) var state = State.acquiring
    /// The values not yet sent, oldest first.
    private(set) var waiting: [[UInt8]] = []
    /// Whether bluetoothd handed a socket over: a `WriteValue` must then wait until it has seen it closed.
    private(set) var hadSocket = false
    private let onReady: () -> Void
    private let onFallback: ([[UInt8]]) -> Void

    /// A channel whose socket is being acquired.
    init(onReady: @escaping () -> Void, onFallback: @escaping ([[UInt8]]) -> Void) {
        self.onReady = onReady
        self.onFallback = onFallback
    }

    /// Writes a value, or keeps it for later: true when it went out and the next may follow at once (the app's
    /// `canSendWriteWithoutResponse`); false when it waits (`onReady` follows) or fell back (`onFallback` has it).
    func write(_ value: [UInt8]) -> Bool {
        switch state {
        case .acquiring:
            keep(value)
            return false
        case .unavailable:
            onFallback([value])
            return false
        case .open(let socket):
            guard waiting.isEmpty else {
                keep(value)
                return false
            }
            switch socket.send(value) {
            case .sent:
                return true
            case .full:
                keep(value)
                socket.whenWritable { [weak self] in self?.flush() }
                return false
            case .closed(let error):
                keep(value)
                broke("the socket failed (errno \(error))")
                return false
            }
        }
    }

    /// The socket arrived: the waiting values go out through it. bluetoothd closing its end ends the channel.
    func opened(_ socket: BlueZValueSocket) {
        guard case .acquiring = state else { return socket.close() }
        state = .open(socket)
        hadSocket = true
        socket.startReading(onValue: { _ in }, onEnd: { [weak self] in self?.broke("bluetoothd closed the socket") })
        flush()
    }

    /// bluetoothd refused the socket: the waiting values, and later ones, go through `WriteValue`.
    func refused(_ error: any Error) {
        broke("AcquireWrite failed: \(error)")
    }

    /// Closes the socket, if any, and forgets the waiting values: the link is down.
    func close() {
        if case .open(let socket) = state { socket.close() }
        state = .unavailable
        waiting = []
    }

    /// Closes the socket, if any, and hands the waiting values to `onFallback`: the app asked for a write with
    /// response, which bluetoothd refuses while it holds the socket.
    func release() {
        if case .open(let socket) = state { socket.close() }
        state = .unavailable
        let values = waiting
        waiting = []
        if !values.isEmpty { onFallback(values) }
    }

    private func keep(_ value: [UInt8]) {
        guard waiting.count < Self.waitingLimit else {
            return CoreBluetoothLog.warning("write without response dropped: \(waiting.count) writes still unsent")
        }
        waiting.append(value)
    }

    /// Sends the waiting values while the socket takes them; `onReady` once none is left.
    private func flush() {
        guard case .open(let socket) = state else { return }
        while let value = waiting.first {
            switch socket.send(value) {
            case .sent:
                waiting.removeFirst()
            case .full:
                return socket.whenWritable { [weak self] in self?.flush() }
            case .closed(let error):
                return broke("the socket failed (errno \(error))")
            }
        }
        onReady()
    }

    private func broke(_ reason: String) {
        CoreBluetoothLog.warning("writes without response go through WriteValue from now on: \(reason)")
        if case .open(let socket) = state { socket.close() }
        state = .unavailable
        let values = waiting
        waiting = []
        onFallback(values)
    }
}
