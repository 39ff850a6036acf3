import HCI

extension ByteReader {
    /// Reads a one-byte Length and then the rest of the PDU as entries of exactly that many bytes each.
    ///
    /// Each entry starts with `prefixLength` bytes of handles, so Length must be at least that; `entry` reads one
    /// entry given the length of its value, Length minus `prefixLength`.
    ///
    /// Bluetooth Core Specification Vol 3, Part F, 3.4.4.2 and 3.4.4.10.
    mutating func readAttributeDataList<Entry>(
        prefixLength: Int, entry: (inout ByteReader, _ valueLength: Int) throws(DecodeError) -> Entry
    ) throws(DecodeError) -> [Entry] {
        let length = Int(try read(UInt8.self))
        guard length >= prefixLength else { throw .invalidValue(field: "Length", raw: UInt64(length)) }
        guard remaining >= length else { throw .truncated(needed: length, available: remaining) }
        guard remaining % length == 0 else {
            throw .lengthMismatch(field: "Attribute Data List", declared: length, actual: remaining)
        }
        var list: [Entry] = []
        list.reserveCapacity(remaining / length)
        while !isAtEnd {
            list.append(try entry(&self, length - prefixLength))
        }
        return list
    }
}
