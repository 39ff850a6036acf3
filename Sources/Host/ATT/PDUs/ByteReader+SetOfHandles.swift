import HCI

extension ByteReader {
    /// Reads the rest of the PDU as a Set Of Handles: two or more handles and no odd byte.
    ///
    /// Bluetooth Core Specification Vol 3, Part F, 3.4.4.7 and 3.4.4.11.
    mutating func readSetOfHandles() throws(DecodeError) -> [AttributeHandle] {
        guard remaining >= 4 else { throw .truncated(needed: 4, available: remaining) }
        guard remaining % 2 == 0 else { throw .trailingBytes(count: 1) }
        var handles: [AttributeHandle] = []
        handles.reserveCapacity(remaining / 2)
        while !isAtEnd {
            handles.append(try AttributeHandle(from: &self))
        }
        return handles
    }
}
