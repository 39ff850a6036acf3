/// Carries a host's events to the one consumer above it, in the order they happened.
///
/// Events that come before a consumer attaches wait here, at most `limit` of them (later ones are dropped), and
/// reach the consumer first when it attaches; the host's end waits the same way. Attaching another consumer
/// ends the one before.
struct HostEventRelay {
    private enum State {
        case waiting([HostEvent], ended: Bool)
        case attached(HostEventHandler)
        case ended
    }

    private var state = State.waiting([], ended: false)
    private let limit: Int

    /// Makes a relay that keeps at most `limit` events for a consumer that has not attached yet.
    init(limit: Int) {
        self.limit = max(limit, 1)
    }

    /// Hands an event to the consumer, or keeps it until one attaches; after the end it is discarded.
    ///
    /// - Returns: False when the event was dropped because `limit` events already wait for a consumer.
    mutating func emit(_ event: HostEvent) -> Bool {
        switch state {
        case .attached(let handler):
            handler.event(event)
            return true
        case .waiting(_, ended: true), .ended:
            return true
        case .waiting(var events, ended: false):
            guard events.count < limit else { return false }
            state = .waiting([], ended: false)  // the array is now uniquely referenced: the append does not copy it
            events.append(event)
            state = .waiting(events, ended: false)
            return true
        }
    }

    /// Makes `handler` the consumer: it hears the waiting events first, then every later one; the consumer before
    /// it, if any, hears that its events ended.
    mutating func attach(_ handler: HostEventHandler) {
        switch state {
        case .attached(let previous):
            state = .attached(handler)
            previous.ended()
        case .waiting(let events, let ended):
            state = ended ? .ended : .attached(handler)
            for event in events { handler.event(event) }
            if ended { handler.ended() }
        case .ended:
            handler.ended()
        }
    }

    /// The host stopped: the consumer hears it (once it attaches, if none has), and later events are dropped.
    mutating func finish() {
        switch state {
        case .attached(let handler):
            state = .ended
            handler.ended()
        case .waiting(let events, _):
            state = .waiting(events, ended: true)
        case .ended:
            break
        }
    }
}
