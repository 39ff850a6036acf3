import HCI

/// Counts the controller's free LE ACL buffers from LE Read Buffer Size and Number Of Completed
/// Packets, so the host never has more packets in flight than the controller can hold.
///
/// Bluetooth Core Specification Vol 4, Part E, 4.1.1 (packet-based data flow control).
struct ACLFlowControl {
    /// Buffers the controller has in all.
    let bufferCount: Int
    /// Buffers free now.
    private(set) var available: Int
    private var inFlight = LinkTable<Int>()

    init(bufferCount: Int) {
        self.bufferCount = bufferCount
        self.available = bufferCount
    }

    /// Packets in flight on a connection.
    func inFlight(on handle: ConnectionHandle) -> Int { inFlight[handle, default: 0] }

    /// Takes a buffer for a packet on `handle`; false when none is free.
    mutating func take(for handle: ConnectionHandle) -> Bool {
        guard available > 0 else { return false }
        available -= 1
        inFlight[handle, default: 0] += 1
        return true
    }

    /// Frees the buffers the controller reports done; counts beyond what was in flight are ignored.
    /// Returns how many buffers were freed.
    @discardableResult
    mutating func completed(_ count: Int, on handle: ConnectionHandle) -> Int {
        let freed = min(max(count, 0), inFlight[handle, default: 0])
        release(freed, on: handle)
        return freed
    }

    /// Frees every buffer held by a connection that has gone: the controller flushed them.
    @discardableResult
    mutating func disconnected(_ handle: ConnectionHandle) -> Int {
        let freed = inFlight[handle, default: 0]
        release(freed, on: handle)
        return freed
    }

    private mutating func release(_ count: Int, on handle: ConnectionHandle) {
        guard count > 0 else { return }
        available += count
        let remaining = inFlight[handle, default: 0] - count
        inFlight[handle] = remaining > 0 ? remaining : nil
    }
}
