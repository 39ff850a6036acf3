extension ConnectionHandle {
    /// Decodes a Connection_Handle that follows a Status, checking its range only when the Status is success.
    ///
    /// When an event reports failure the controller may leave the handle unset (Zephyr sends 0xFFFF after an
    /// advertising timeout), so the raw value is kept instead of rejecting the whole event.
    init(from reader: inout ByteReader, after status: HCIStatus) throws(DecodeError) {
        if status.isSuccess {
            try self.init(from: &reader)
        } else {
            self.init(rawValue: try reader.read())
        }
    }
}
