/// Writes a value too long for one Write Request: Prepare Write segments of ATT_MTU - 5 bytes at rising
/// offsets, each echo checked, then Execute Write to commit (or Cancel on a mismatch).
///
/// Bluetooth Core Specification Vol 3, Part G, 4.9.4 and 4.12.4.
public struct GATTClientWriteLongValue: GATTClientProcedure {
    private var queue: GATTClientReliableWrite

    /// Makes the procedure writing `value` to the attribute at `handle`, from `offset`, on a bearer with `mtu`.
    public init(handle: AttributeHandle, value: [UInt8], offset: UInt16 = 0, mtu: Int) {
        queue = GATTClientReliableWrite(
            writes: [GATTClientReliableWrite.Write(handle: handle, value: value, offset: offset)], mtu: mtu)
    }

    public mutating func start() -> GATTClientStep<Void> {
        queue.start()
    }

    public mutating func received(_ response: ATTPDU) -> GATTClientStep<Void> {
        queue.received(response)
    }
}
