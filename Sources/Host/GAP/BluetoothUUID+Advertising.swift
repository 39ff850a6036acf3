import HCI

extension BluetoothUUID {
    /// Decodes a UUID as advertising data carries it in `byteCount` bytes (2, 4 or 16), least significant byte first.
    ///
    /// Core Specification Supplement, Part A, 1.1.
    init(advertisingFrom reader: inout ByteReader, byteCount: Int) throws(DecodeError) {
        if byteCount == 4 {
            self.init(uuid32: try reader.read())
        } else {
            try self.init(from: &reader, byteCount: byteCount)
        }
    }

    /// Appends the UUID as advertising data carries it: its shortest form, least significant byte first.
    ///
    /// Core Specification Supplement, Part A, 1.1.
    func encodeForAdvertising(into writer: inout ByteWriter) {
        if uuid16 == nil, let value = uuid32 {
            writer.write(value)
        } else {
            shortestForm.encode(into: &writer)
        }
    }
}
