import HCI

/// The central's one connection attempt under way: the answer once the link is up and negotiated,
/// or why it failed, for whichever comes first of the caller's wait and the controller's event.
struct PendingConnection {
    let id: UInt64
    let address: BluetoothAddress
    var handle: ConnectionHandle?
    var cancellation: HostError?
    var outcome: Result<HostLink, HostError>?
    var waiter: CheckedContinuation<Result<HostLink, HostError>, Never>?
    var timer: Task<Void, Never>?

    init(id: UInt64, address: BluetoothAddress) {
        self.id = id
        self.address = address
    }
}
