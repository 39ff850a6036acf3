import HCI

extension BluetoothHost {
    /// Connects as ``connect(to:type:timeout:)`` does, unless `isCancelled` already says the attempt
    /// was withdrawn; the check and the start of the attempt happen in one turn of the actor, so a
    /// ``cancelConnect()`` made after the caller withdrew the attempt always finds it under way or
    /// never started.
    ///
    /// - Throws: ``HostError/connectionCancelled(_:)`` when `isCancelled` returns true, and whatever
    ///   ``connect(to:type:timeout:)`` throws.
    public func connect(
        to address: BluetoothAddress, type: AddressType, timeout: Duration? = nil,
        unless isCancelled: @Sendable () -> Bool
    ) async throws(HostError) -> HostLink {
        if isCancelled() { throw .connectionCancelled(address) }
        return try await connect(to: address, type: type, timeout: timeout)
    }

    /// Cancels the connection attempt under way if it is one to `address`; an attempt to another device goes on.
    public func cancelConnect(to address: BluetoothAddress) async {
        guard pendingConnection?.address == address else { return }
        await cancelConnect()
    }
}
