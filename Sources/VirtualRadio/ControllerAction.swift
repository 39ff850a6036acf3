import HCI

/// What a controller's link layer asks of the ``Air`` after a command it answered itself: the parts that need
/// the air's clock, its other controllers or its deadline queue.
enum ControllerAction {
    /// An event for the controller's own host (its masks already allow it).
    case event(HCIEventPacket)
    /// An advertising set was enabled: it advertises now, then every interval.
    case startAdvertising(AdvertisingSetKey)
    /// Scanning was enabled: on an instant air it hears every advertiser now, on a timed one from its windows on.
    case startScanning
    /// Initiating began: a matching advertiser already on the air connects at once.
    case initiate
    /// Arms one of the controller's timers, `after` from now.
    case schedule(ControllerState.TimerKey, after: Duration)
}

/// What a controller's link layer made of one command.
enum CommandOutcome {
    /// Answered by the controller: the answer for its host, then what the air is to do.
    case answered(HCIEventPacket, [ControllerAction])
    /// A command about a link, or one that reaches beyond this controller: the air runs it.
    case forAir(KnownCommand)
}
