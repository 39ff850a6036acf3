import HCI

/// Asks for the values of the attributes of a given type in a handle range.
///
/// Bluetooth Core Specification Vol 3, Part F, 3.4.4.1.
public struct ATTReadByTypeRequest: ATTRequest {
    public typealias Response = ATTReadByTypeResponse
    public static let opcode = ATTOpcode.readByTypeRequest

    /// The first handle of the range.
    public var startingHandle: AttributeHandle
    /// The last handle of the range.
    public var endingHandle: AttributeHandle
    /// The attribute type to read, sent in 2 or 16 bytes.
    public var attributeType: BluetoothUUID

    public init(startingHandle: AttributeHandle, endingHandle: AttributeHandle, attributeType: BluetoothUUID) {
        self.startingHandle = startingHandle
        self.endingHandle = endingHandle
        self.attributeType = attributeType
    }
}

extension ATTReadByTypeRequest {
    public init(from reader: inout ByteReader) throws(DecodeError) {
        startingHandle = try AttributeHandle(from: &reader)
        endingHandle = try AttributeHandle(from: &reader)
        attributeType = try BluetoothUUID(from: &reader, byteCount: reader.remaining)
    }

    public func encode(into writer: inout ByteWriter) {
        startingHandle.encode(into: &writer)
        endingHandle.encode(into: &writer)
        attributeType.encode(into: &writer)
    }
}

/// Answers a Read By Type Request with handle-value pairs whose values all have one length.
///
/// On the wire a Length byte (2 plus the value length) precedes the pairs.
///
/// Bluetooth Core Specification Vol 3, Part F, 3.4.4.2.
public struct ATTReadByTypeResponse: ATTPDUCodable {
    public static let opcode = ATTOpcode.readByTypeResponse

    /// The longest value a pair can carry, bounded by the one-byte Length.
    public static let maximumValueLength = 253

    /// One attribute's handle and value.
    ///
    /// Bluetooth Core Specification Vol 3, Part F, 3.4.4.2, table 3.17.
    public struct AttributeData: Hashable, Sendable {
        /// The attribute's handle.
        public var handle: AttributeHandle
        /// The attribute's value, possibly cut short.
        public var value: [UInt8]

        public init(handle: AttributeHandle, value: [UInt8]) {
            self.handle = handle
            self.value = value
        }
    }

    /// The attributes in ascending handle order.
    public let attributeData: [AttributeData]

    /// Makes a response; it needs at least one pair, and every value must have the same length, at most 253 bytes.
    public init(attributeData: [AttributeData]) {
        precondition(!attributeData.isEmpty, "a Read By Type Response carries at least one pair")
        let valueLength = attributeData[0].value.count
        precondition(valueLength <= Self.maximumValueLength, "a Read By Type value is at most 253 bytes")
        precondition(
            attributeData.allSatisfy { $0.value.count == valueLength },
            "every value in a Read By Type Response has the same length")
        self.attributeData = attributeData
    }

    /// The size of each handle-value pair, as the Length parameter carries it.
    public var length: Int { 2 + (attributeData.first?.value.count ?? 0) }
}

extension ATTReadByTypeResponse {
    public init(from reader: inout ByteReader) throws(DecodeError) {
        attributeData = try reader.readAttributeDataList(prefixLength: 2) { reader, valueLength throws(DecodeError) in
            AttributeData(handle: try AttributeHandle(from: &reader), value: try reader.readBytes(valueLength))
        }
    }

    public func encode(into writer: inout ByteWriter) {
        writer.write(UInt8(length))
        for data in attributeData {
            data.handle.encode(into: &writer)
            writer.write(bytes: data.value)
        }
    }
}
