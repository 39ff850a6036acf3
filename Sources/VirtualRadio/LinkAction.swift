import HCI

/// What a procedure on a ``Link`` asks of the ``Air``: news for one side's host, or the link's end.
enum LinkAction {
    /// An event for one side's host (its masks already allow it).
    case event(LinkSide, HCIEventPacket)
    /// The link ends; the sides named hear Disconnection Complete with their reason.
    case end(notify: [LinkSide: HCIStatus])
}

extension Link {
    /// The controller on a side, unless it left the air.
    func present(_ side: LinkSide) -> ControllerState? {
        departed.contains(side) ? nil : state(side)
    }

    /// Asks the air to give a side's host an event, unless that side left or its host masked the event.
    func tell<E: HCIEvent>(_ side: LinkSide, _ event: E) {
        guard let c = present(side), c.masks.allows(E.code) else { return }
        requested.append(.event(side, HCIEventPacket(event)))
    }

    /// Asks the air to give a side's host an LE subevent, unless that side left or its host masked it.
    func tell<E: LEMetaEvent>(_ side: LinkSide, _ event: E) {
        guard let c = present(side), c.masks.allows(E.subeventCode) else { return }
        requested.append(.event(side, HCIEventPacket(event)))
    }

    /// Hands over what the procedures asked since the last time.
    func takeRequested() -> [LinkAction] {
        defer { requested = [] }
        return requested
    }
}
