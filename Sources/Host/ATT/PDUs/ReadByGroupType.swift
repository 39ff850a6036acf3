import HCI

/// Asks for the grouping attributes of a given type in a handle range, with the end of each group.
///
/// Bluetooth Core Specification Vol 3, Part F, 3.4.4.9.
public struct ATTReadByGroupTypeRequest: ATTRequest {
    public typealias Response = ATTReadByGroupTypeResponse
    public static let opcode = ATTOpcode.readByGroupTypeRequest

    /// The first handle of the range.
    public var startingHandle: AttributeHandle
    /// The last handle of the range.
    public var endingHandle: AttributeHandle
    /// The grouping attribute type to read, sent in 2 or 16 bytes.
    public var attributeGroupType: BluetoothUUID

    public init(startingHandle: AttributeHandle, endingHandle: AttributeHandle, attributeGroupType: BluetoothUUID) {
        self.startingHandle = startingHandle
        self.endingHandle = endingHandle
        self.attributeGroupType = attributeGroupType
    }
}

extension ATTReadByGroupTypeRequest {
    public init(from reader: inout ByteReader) throws(DecodeError) {
        startingHandle = try AttributeHandle(from: &reader)
        endingHandle = try AttributeHandle(from: &reader)
        attributeGroupType = try BluetoothUUID(from: &reader, byteCount: reader.remaining)
    }

    public func encode(into writer: inout ByteWriter) {
        startingHandle.encode(into: &writer)
        endingHandle.encode(into: &writer)
        attributeGroupType.encode(into: &writer)
    }
}

/// Answers a Read By Group Type Request with groups whose values all have one length.
///
/// On the wire a Length byte (4 plus the value length) precedes the entries.
///
/// Bluetooth Core Specification Vol 3, Part F, 3.4.4.10.
public struct ATTReadByGroupTypeResponse: ATTPDUCodable {
    public static let opcode = ATTOpcode.readByGroupTypeResponse

    /// The longest value an entry can carry, bounded by the one-byte Length.
    public static let maximumValueLength = 251

    /// One group: its grouping attribute's handle and value, and the group's last handle.
    ///
    /// Bluetooth Core Specification Vol 3, Part F, 3.4.4.10, table 3.26.
    public struct AttributeData: Hashable, Sendable {
        /// The handle of the grouping attribute.
        public var handle: AttributeHandle
        /// The last handle of the group.
        public var endGroupHandle: AttributeHandle
        /// The grouping attribute's value, possibly cut short.
        public var value: [UInt8]

        public init(handle: AttributeHandle, endGroupHandle: AttributeHandle, value: [UInt8]) {
            self.handle = handle
            self.endGroupHandle = endGroupHandle
            self.value = value
        }
    }

    /// The groups in ascending handle order.
    public let attributeData: [AttributeData]

    /// Makes a response; it needs at least one entry, and every value must have the same length, at most 251 bytes.
    public init(attributeData: [AttributeData]) {
        precondition(!attributeData.isEmpty, "a Read By Group Type Response carries at least one entry")
        let valueLength = attributeData[0].value.count
        precondition(valueLength <= Self.maximumValueLength, "a Read By Group Type value is at most 251 bytes")
        precondition(
            attributeData.allSatisfy { $0.value.count == valueLength },
            "every value in a Read By Group Type Response has the same length")
        self.attributeData = attributeData
    }

    /// The size of each entry, as the Length parameter carries it.
    public var length: Int { 4 + (attributeData.first?.value.count ?? 0) }
}

extension ATTReadByGroupTypeResponse {
    public init(from reader: inout ByteReader) throws(DecodeError) {
        attributeData = try reader.readAttributeDataList(prefixLength: 4) { reader, valueLength throws(DecodeError) in
            AttributeData(
                handle: try AttributeHandle(from: &reader),
                endGroupHandle: try AttributeHandle(from: &reader),
                value: try reader.readBytes(valueLength))
        }
    }

    public func encode(into writer: inout ByteWriter) {
        writer.write(UInt8(length))
        for data in attributeData {
            data.handle.encode(into: &writer)
            data.endGroupHandle.encode(into: &writer)
            writer.write(bytes: data.value)
        }
    }
}
