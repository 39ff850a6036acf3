import Foundation

/// The stream an L2CAP channel's outgoing data is written to, as ``CBL2CAPChannel/outputStream``.
///
/// Written bytes leave as SDUs of at most the peer's MTU. The stream buffers a bounded amount: a write takes what
/// fits and returns that count (0 when full), and `.hasSpaceAvailable` follows once room returns; it also follows
/// a write that took every byte, as a socket stream's does. Writes fail (-1) once the channel ended. Closing the
/// stream closes the channel after every byte it took has been sent (L2CAP has no half-close).
final class L2CAPOutputStream: OutputStream, PendingEventDelivering {
    let core: L2CAPChannelCore
    private weak var storedDelegate: (any StreamDelegate)?

    init(core: L2CAPChannelCore) {
        self.core = core
        super.init(toMemory: ())
    }

    /// Unavailable: a channel makes its own output stream.
    required init(toMemory: ()) {
        fatalError("an L2CAP channel's output stream is made by the channel")
    }

    /// The object told of the stream's events on its run loop; held weakly. Set it on the thread that runs that
    /// run loop, as Foundation's streams expect.
    override var delegate: (any StreamDelegate)? {
        get { storedDelegate }
        set { storedDelegate = newValue }
    }

    override func open() {
        core.open(.output)
    }

    override func close() {
        core.close(.output)
    }

    override var streamStatus: Stream.Status {
        core.status(of: .output)
    }

    override var streamError: (any Error)? {
        core.failure
    }

    override var hasSpaceAvailable: Bool {
        core.hasSpaceAvailable
    }

    override func write(_ buffer: UnsafePointer<UInt8>, maxLength len: Int) -> Int {
        core.write(buffer, maxLength: len)
    }

    override func schedule(in aRunLoop: RunLoop, forMode mode: RunLoop.Mode) {
        core.schedule(self, .output, in: aRunLoop, forMode: mode)
    }

    override func remove(from aRunLoop: RunLoop, forMode mode: RunLoop.Mode) {
        core.unschedule(.output, from: aRunLoop, forMode: mode)
    }

    override func property(forKey key: Stream.PropertyKey) -> AnyObject? {
        nil
    }

    override func setProperty(_ property: AnyObject?, forKey key: Stream.PropertyKey) -> Bool {
        false
    }

    func deliverPendingEvents() {
        let events = core.takeEvents(of: .output)
        guard let delegate = storedDelegate else { return }
        for event in events { delegate.stream(self, handle: event) }
    }
}
