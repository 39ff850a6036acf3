import HCI

/// One credit-based channel of a link in the host: its state machine, the service it serves, and the
/// caller waiting for it to open when we asked for it.
struct HostChannel {
    var channel: CreditBasedChannel
    let spsm: SPSM
    var opener: CheckedContinuation<Result<L2CAPChannelInfo, HostError>, Never>?
}
