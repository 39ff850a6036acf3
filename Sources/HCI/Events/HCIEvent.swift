/// An HCI event with its own event code.
public protocol HCIEvent: WireCodable {
    /// The event's code.
    static var code: HCIEventCode { get }
}

/// An LE subevent, carried inside an LE Meta event.
public protocol LEMetaEvent: WireCodable {
    /// The subevent's code.
    static var subeventCode: LESubeventCode { get }
}
