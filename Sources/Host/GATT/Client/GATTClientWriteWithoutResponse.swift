/// Writes a characteristic value with a Write Command, which nothing answers; so it is a PDU, not a procedure.
///
/// Bluetooth Core Specification Vol 3, Part G, 4.9.1.
public struct GATTClientWriteWithoutResponse: Hashable, Sendable {
    /// The Write Command to send.
    public let pdu: ATTPDU

    /// Makes the command writing `value` to the attribute at `handle`; the value must fit in ATT_MTU - 3 bytes.
    public init(handle: AttributeHandle, value: [UInt8], mtu: Int) throws(GATTClientError) {
        precondition(mtu >= 23, "ATT_MTU is at least 23")
        let maximum = GATTClientWriteValue.maximumValueLength(mtu: mtu)
        guard value.count <= maximum else { throw .valueTooLong(length: value.count, maximum: maximum) }
        pdu = .writeCommand(ATTWriteCommand(handle: handle, value: value))
    }
}
