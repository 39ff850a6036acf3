import HCI
import Host

/// Whole L2CAP B-frames over a bare controller channel, for tests that run two controllers without a host.
extension ControllerChannel {
    /// Receives ACL data on one connection until a whole L2CAP B-frame has been reassembled;
    /// malformed fragments are dropped as the reassembler reports them.
    public func receiveFrame(
        on handle: ConnectionHandle, maximumPDUSize: Int = 65_535
    ) async throws(HCIError) -> BasicFrame {
        var reassembler = Reassembler(maximumPDUSize: maximumPDUSize)
        while true {
            if let frame = reassembler.received(try await receiveACL(on: handle)).frame { return frame }
        }
    }

    /// Sends one L2CAP B-frame on a connection.
    public func sendFrame(_ frame: BasicFrame, on handle: ConnectionHandle) throws(HCIError) {
        try sendACL(handle: handle, pdu: frame.encoded)
    }
}
