import HCI

/// Asks the server to write an attribute's value and confirm it.
///
/// Bluetooth Core Specification Vol 3, Part F, 3.4.5.1.
public struct ATTWriteRequest: ATTRequest {
    public typealias Response = ATTWriteResponse
    public static let opcode = ATTOpcode.writeRequest

    /// The attribute to write.
    public var handle: AttributeHandle
    /// The new value.
    public var value: [UInt8]

    public init(handle: AttributeHandle, value: [UInt8]) {
        self.handle = handle
        self.value = value
    }
}

extension ATTWriteRequest {
    public init(from reader: inout ByteReader) throws(DecodeError) {
        handle = try AttributeHandle(from: &reader)
        value = reader.readRemaining()
    }

    public func encode(into writer: inout ByteWriter) {
        handle.encode(into: &writer)
        writer.write(bytes: value)
    }
}

/// Confirms that a Write Request's value was written.
///
/// Bluetooth Core Specification Vol 3, Part F, 3.4.5.2.
public struct ATTWriteResponse: ATTPDUCodable {
    public static let opcode = ATTOpcode.writeResponse

    public init() {}
}

extension ATTWriteResponse {
    public init(from reader: inout ByteReader) throws(DecodeError) {}

    public func encode(into writer: inout ByteWriter) {}
}

/// Asks the server to write an attribute's value, with no answer either way.
///
/// Bluetooth Core Specification Vol 3, Part F, 3.4.5.3.
public struct ATTWriteCommand: ATTPDUCodable {
    public static let opcode = ATTOpcode.writeCommand

    /// The attribute to write.
    public var handle: AttributeHandle
    /// The new value.
    public var value: [UInt8]

    public init(handle: AttributeHandle, value: [UInt8]) {
        self.handle = handle
        self.value = value
    }
}

extension ATTWriteCommand {
    public init(from reader: inout ByteReader) throws(DecodeError) {
        handle = try AttributeHandle(from: &reader)
        value = reader.readRemaining()
    }

    public func encode(into writer: inout ByteWriter) {
        handle.encode(into: &writer)
        writer.write(bytes: value)
    }
}
