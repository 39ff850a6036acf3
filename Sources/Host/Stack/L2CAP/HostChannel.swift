import HCI

/// One credit-based channel of a link in the host: its state machine, the service it serves, the caller waiting
/// for it to open when we asked for it, and the senders waiting for room in its send queue.
struct HostChannel {
    var channel: CreditBasedChannel
    let spsm: SPSM
    var opener: CheckedContinuation<Result<L2CAPChannelInfo, HostError>, Never>?
    var creditsFollowConsumption = false
    var roomWaiters: [CheckedContinuation<Result<Void, HostError>, Never>] = []
}
