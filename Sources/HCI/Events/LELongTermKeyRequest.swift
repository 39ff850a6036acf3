/// Asks the peripheral's host for the long-term key a central wants to start encryption with.
///
/// Bluetooth Core Specification Vol 4, Part E, 7.7.65.5.
public struct LELongTermKeyRequestEvent: LEMetaEvent, Hashable {
    public static let subeventCode = LESubeventCode.longTermKeyRequest

    /// The connection being encrypted.
    public var handle: ConnectionHandle
    /// The central's Rand value (zero with LE Secure Connections keys).
    public var randomNumber: UInt64
    /// The central's EDIV value (zero with LE Secure Connections keys).
    public var encryptedDiversifier: UInt16

    /// Makes the event from its parameters.
    public init(handle: ConnectionHandle, randomNumber: UInt64, encryptedDiversifier: UInt16) {
        self.handle = handle
        self.randomNumber = randomNumber
        self.encryptedDiversifier = encryptedDiversifier
    }
}

extension LELongTermKeyRequestEvent {
    public init(from reader: inout ByteReader) throws(DecodeError) {
        handle = try ConnectionHandle(from: &reader)
        randomNumber = try reader.read()
        encryptedDiversifier = try reader.read()
    }

    public func encode(into writer: inout ByteWriter) {
        handle.encode(into: &writer)
        writer.write(randomNumber)
        writer.write(encryptedDiversifier)
    }
}
