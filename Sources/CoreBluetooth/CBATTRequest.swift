/// A read or write of a local characteristic by a remote central, handed to the peripheral manager's delegate.
///
/// For a read, the app sets ``value`` to the bytes from ``offset`` on and answers with `respond(to:withResult:)`;
/// for a write, ``value`` holds the bytes to write at ``offset``.
open class CBATTRequest: NSObject {
    /// The central that made the request.
    open internal(set) var central: CBCentral

    /// The characteristic read or written.
    open internal(set) var characteristic: CBCharacteristic

    /// The offset into the value at which the read or write starts.
    open internal(set) var offset: Int

    /// The bytes written, or the bytes the app answers a read with.
    open var value: Data?

    init(central: CBCentral, characteristic: CBCharacteristic, offset: Int, value: Data?) {
        self.central = central
        self.characteristic = characteristic
        self.offset = offset
        self.value = value
    }

    /// The request as Apple describes it: central, characteristic, offset and value.
    open override var description: String {
        "<\(type(of: self)): \(addressDescription) Central = \(central), Characteristic = \(characteristic), "
            + "Offset = \(offset), Value = \(describe(value))>"
    }
}
