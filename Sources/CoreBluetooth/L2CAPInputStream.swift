import Foundation

/// The stream an L2CAP channel's received data is read from, as ``CBL2CAPChannel/inputStream``.
///
/// Reading never blocks: it returns 0 while nothing is buffered, and `streamStatus` tells the end (`.atEnd`)
/// from a pause (`.open`). Events reach the delegate on the run loop the stream is scheduled on, as Apple's do;
/// a stream scheduled on no run loop tells nobody.
final class L2CAPInputStream: InputStream, PendingEventDelivering {
    let core: L2CAPChannelCore
    private weak var storedDelegate: (any StreamDelegate)?

    init(core: L2CAPChannelCore) {
        self.core = core
        super.init(data: Data())
    }

    /// The object told of the stream's events on its run loop; held weakly. Set it on the thread that runs that
    /// run loop, as Foundation's streams expect.
    override var delegate: (any StreamDelegate)? {
        get { storedDelegate }
        set { storedDelegate = newValue }
    }

    override func open() {
        core.open(.input)
    }

    override func close() {
        core.close(.input)
    }

    override var streamStatus: Stream.Status {
        core.status(of: .input)
    }

    override var streamError: (any Error)? {
        core.failure
    }

    override var hasBytesAvailable: Bool {
        core.hasBytesAvailable
    }

    override func read(_ buffer: UnsafeMutablePointer<UInt8>, maxLength len: Int) -> Int {
        core.read(into: buffer, maxLength: len)
    }

    override func getBuffer(
        _ buffer: UnsafeMutablePointer<UnsafeMutablePointer<UInt8>?>, length len: UnsafeMutablePointer<Int>
    ) -> Bool {
        false
    }

    override func schedule(in aRunLoop: RunLoop, forMode mode: RunLoop.Mode) {
        core.schedule(self, .input, in: aRunLoop, forMode: mode)
    }

    override func remove(from aRunLoop: RunLoop, forMode mode: RunLoop.Mode) {
        core.unschedule(.input, from: aRunLoop, forMode: mode)
    }

    override func property(forKey key: Stream.PropertyKey) -> AnyObject? {
        nil
    }

    override func setProperty(_ property: AnyObject?, forKey key: Stream.PropertyKey) -> Bool {
        false
    }

    func deliverPendingEvents() {
        let events = core.takeEvents(of: .input)
        guard let delegate = storedDelegate else { return }
        for event in events { delegate.stream(self, handle: event) }
    }
}
