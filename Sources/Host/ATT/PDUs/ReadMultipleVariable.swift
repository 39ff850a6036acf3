import HCI

/// Asks for the values of two or more attributes of any length, each returned with its length.
///
/// Bluetooth Core Specification Vol 3, Part F, 3.4.4.11.
public struct ATTReadMultipleVariableRequest: ATTRequest {
    public typealias Response = ATTReadMultipleVariableResponse
    public static let opcode = ATTOpcode.readMultipleVariableRequest

    /// The attributes to read, in the order their values are wanted.
    public let handles: [AttributeHandle]

    /// Makes a request; it needs at least two handles.
    public init(handles: [AttributeHandle]) {
        precondition(handles.count >= 2, "a Read Multiple Variable Request names at least two handles")
        self.handles = handles
    }
}

extension ATTReadMultipleVariableRequest {
    public init(from reader: inout ByteReader) throws(DecodeError) {
        handles = try reader.readSetOfHandles()
    }

    public func encode(into writer: inout ByteWriter) {
        for handle in handles {
            handle.encode(into: &writer)
        }
    }
}

/// Answers a Read Multiple Variable Request with a length and value per attribute.
///
/// When the list would pass ATT_MTU - 1 bytes the server cuts it, so the last value
/// can be shorter than its Value Length says.
///
/// Bluetooth Core Specification Vol 3, Part F, 3.4.4.12.
public struct ATTReadMultipleVariableResponse: ATTPDUCodable {
    public static let opcode = ATTOpcode.readMultipleVariableResponse

    /// One attribute's value with the full length of that value.
    ///
    /// Bluetooth Core Specification Vol 3, Part F, 3.4.4.12, table 3.29.
    public struct LengthValueTuple: Hashable, Sendable {
        /// The full length of the attribute's value.
        public let valueLength: UInt16
        /// The value, or its first bytes when the list was cut.
        public let value: [UInt8]

        /// Makes a tuple carrying all of `value`, which must be at most 65535 bytes.
        public init(value: [UInt8]) {
            precondition(value.count <= Int(UInt16.max), "an attribute value is at most 65535 bytes")
            self.init(valueLength: UInt16(value.count), value: value)
        }

        /// Makes a tuple whose value may be cut short of `valueLength`.
        public init(valueLength: UInt16, value: [UInt8]) {
            precondition(value.count <= Int(valueLength), "a tuple's value cannot exceed its Value Length")
            self.valueLength = valueLength
            self.value = value
        }

        /// Whether the value was cut short of its length.
        public var isTruncated: Bool { value.count < Int(valueLength) }
    }

    /// The values in the order they were requested; only the last may be truncated.
    public let tuples: [LengthValueTuple]

    /// Makes a response; the tuples must take at least 4 bytes, and only the last may be truncated.
    public init(tuples: [LengthValueTuple]) {
        precondition(
            tuples.reduce(0) { $0 + 2 + $1.value.count } >= 4,
            "a Read Multiple Variable Response carries at least 4 bytes of tuples")
        precondition(tuples.dropLast().allSatisfy { !$0.isTruncated }, "only the last tuple may be truncated")
        self.tuples = tuples
    }
}

extension ATTReadMultipleVariableResponse {
    public init(from reader: inout ByteReader) throws(DecodeError) {
        guard reader.remaining >= 4 else { throw .truncated(needed: 4, available: reader.remaining) }
        var list: [LengthValueTuple] = []
        while !reader.isAtEnd {
            let valueLength: UInt16 = try reader.read()
            let value = try reader.readBytes(Swift.min(Int(valueLength), reader.remaining))
            list.append(LengthValueTuple(valueLength: valueLength, value: value))
        }
        tuples = list
    }

    public func encode(into writer: inout ByteWriter) {
        for tuple in tuples {
            writer.write(tuple.valueLength)
            writer.write(bytes: tuple.value)
        }
    }
}
