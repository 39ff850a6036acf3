import HCI

/// Asks for part of an attribute's value, starting at an offset.
///
/// Bluetooth Core Specification Vol 3, Part F, 3.4.4.5.
public struct ATTReadBlobRequest: ATTRequest {
    public typealias Response = ATTReadBlobResponse
    public static let opcode = ATTOpcode.readBlobRequest

    /// The attribute to read.
    public var handle: AttributeHandle
    /// The offset of the first byte to read.
    public var offset: UInt16

    public init(handle: AttributeHandle, offset: UInt16) {
        self.handle = handle
        self.offset = offset
    }
}

extension ATTReadBlobRequest {
    public init(from reader: inout ByteReader) throws(DecodeError) {
        handle = try AttributeHandle(from: &reader)
        offset = try reader.read()
    }

    public func encode(into writer: inout ByteWriter) {
        handle.encode(into: &writer)
        writer.write(offset)
    }
}

/// Answers a Read Blob Request with up to ATT_MTU - 1 bytes of the value from the offset.
///
/// Bluetooth Core Specification Vol 3, Part F, 3.4.4.6.
public struct ATTReadBlobResponse: ATTPDUCodable {
    public static let opcode = ATTOpcode.readBlobResponse

    /// The part of the value that starts at the requested offset.
    public var value: [UInt8]

    public init(value: [UInt8]) {
        self.value = value
    }
}

extension ATTReadBlobResponse {
    public init(from reader: inout ByteReader) throws(DecodeError) {
        value = reader.readRemaining()
    }

    public func encode(into writer: inout ByteWriter) {
        writer.write(bytes: value)
    }

    public var encodedCapacityHint: Int { value.count }
}
