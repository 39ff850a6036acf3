import HCI

/// Queues part of a value to write at an offset, until an Execute Write Request writes or drops the queue.
///
/// Bluetooth Core Specification Vol 3, Part F, 3.4.6.1.
public struct ATTPrepareWriteRequest: ATTRequest {
    public typealias Response = ATTPrepareWriteResponse
    public static let opcode = ATTOpcode.prepareWriteRequest

    /// The attribute to write.
    public var handle: AttributeHandle
    /// Where in the value the part goes.
    public var offset: UInt16
    /// The part of the value.
    public var value: [UInt8]

    public init(handle: AttributeHandle, offset: UInt16, value: [UInt8]) {
        self.handle = handle
        self.offset = offset
        self.value = value
    }
}

extension ATTPrepareWriteRequest {
    public init(from reader: inout ByteReader) throws(DecodeError) {
        handle = try AttributeHandle(from: &reader)
        offset = try reader.read()
        value = reader.readRemaining()
    }

    public func encode(into writer: inout ByteWriter) {
        handle.encode(into: &writer)
        writer.write(offset)
        writer.write(bytes: value)
    }
}

/// Echoes a Prepare Write Request's fields so the client can check the server queued them intact.
///
/// Bluetooth Core Specification Vol 3, Part F, 3.4.6.2.
public struct ATTPrepareWriteResponse: ATTPDUCodable {
    public static let opcode = ATTOpcode.prepareWriteResponse

    /// The attribute to write.
    public var handle: AttributeHandle
    /// Where in the value the part goes.
    public var offset: UInt16
    /// The part of the value.
    public var value: [UInt8]

    public init(handle: AttributeHandle, offset: UInt16, value: [UInt8]) {
        self.handle = handle
        self.offset = offset
        self.value = value
    }
}

extension ATTPrepareWriteResponse {
    public init(from reader: inout ByteReader) throws(DecodeError) {
        handle = try AttributeHandle(from: &reader)
        offset = try reader.read()
        value = reader.readRemaining()
    }

    public func encode(into writer: inout ByteWriter) {
        handle.encode(into: &writer)
        writer.write(offset)
        writer.write(bytes: value)
    }
}
