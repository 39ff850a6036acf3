import HCI

/// Asks for the value of one attribute.
///
/// Bluetooth Core Specification Vol 3, Part F, 3.4.4.3.
public struct ATTReadRequest: ATTRequest {
    public typealias Response = ATTReadResponse
    public static let opcode = ATTOpcode.readRequest

    /// The attribute to read.
    public var handle: AttributeHandle

    public init(handle: AttributeHandle) {
        self.handle = handle
    }
}

extension ATTReadRequest {
    public init(from reader: inout ByteReader) throws(DecodeError) {
        handle = try AttributeHandle(from: &reader)
    }

    public func encode(into writer: inout ByteWriter) {
        handle.encode(into: &writer)
    }
}

/// Answers a Read Request with the attribute's value, cut to ATT_MTU - 1 bytes.
///
/// Bluetooth Core Specification Vol 3, Part F, 3.4.4.4.
public struct ATTReadResponse: ATTPDUCodable {
    public static let opcode = ATTOpcode.readResponse

    /// The attribute's value, or its first ATT_MTU - 1 bytes.
    public var value: [UInt8]

    public init(value: [UInt8]) {
        self.value = value
    }
}

extension ATTReadResponse {
    public init(from reader: inout ByteReader) throws(DecodeError) {
        value = reader.readRemaining()
    }

    public func encode(into writer: inout ByteWriter) {
        writer.write(bytes: value)
    }

    public var encodedCapacityHint: Int { value.count }
}
