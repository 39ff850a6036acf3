import HCI

/// Asks for the handles of attributes in a range that have a given 16-bit type and value.
///
/// Bluetooth Core Specification Vol 3, Part F, 3.4.3.3.
public struct ATTFindByTypeValueRequest: ATTRequest {
    public typealias Response = ATTFindByTypeValueResponse
    public static let opcode = ATTOpcode.findByTypeValueRequest

    /// The first handle of the range.
    public var startingHandle: AttributeHandle
    /// The last handle of the range.
    public var endingHandle: AttributeHandle
    /// The 16-bit UUID of the attribute type to find.
    public var attributeType: UInt16
    /// The value to find, compared byte for byte.
    public var attributeValue: [UInt8]

    public init(
        startingHandle: AttributeHandle, endingHandle: AttributeHandle, attributeType: UInt16,
        attributeValue: [UInt8]
    ) {
        self.startingHandle = startingHandle
        self.endingHandle = endingHandle
        self.attributeType = attributeType
        self.attributeValue = attributeValue
    }
}

extension ATTFindByTypeValueRequest {
    public init(from reader: inout ByteReader) throws(DecodeError) {
        startingHandle = try AttributeHandle(from: &reader)
        endingHandle = try AttributeHandle(from: &reader)
        attributeType = try reader.read()
        attributeValue = reader.readRemaining()
    }

    public func encode(into writer: inout ByteWriter) {
        startingHandle.encode(into: &writer)
        endingHandle.encode(into: &writer)
        writer.write(attributeType)
        writer.write(bytes: attributeValue)
    }
}

/// Answers a Find By Type Value Request with the handle range of each match.
///
/// Bluetooth Core Specification Vol 3, Part F, 3.4.3.4.
public struct ATTFindByTypeValueResponse: ATTPDUCodable {
    public static let opcode = ATTOpcode.findByTypeValueResponse

    /// One match: the attribute found and the end of the group it starts.
    ///
    /// Bluetooth Core Specification Vol 3, Part F, 3.4.3.4, table 3.14.
    public struct HandlesInformation: Hashable, Sendable {
        /// The handle of the attribute that matched.
        public var foundAttributeHandle: AttributeHandle
        /// The last handle of the group, or the found handle when the type does not group.
        public var groupEndHandle: AttributeHandle

        public init(foundAttributeHandle: AttributeHandle, groupEndHandle: AttributeHandle) {
            self.foundAttributeHandle = foundAttributeHandle
            self.groupEndHandle = groupEndHandle
        }
    }

    /// The matches in ascending handle order.
    public let handlesInformation: [HandlesInformation]

    /// Makes a response; it needs at least one match.
    public init(handlesInformation: [HandlesInformation]) {
        precondition(!handlesInformation.isEmpty, "a Find By Type Value Response carries at least one match")
        self.handlesInformation = handlesInformation
    }
}

extension ATTFindByTypeValueResponse {
    public init(from reader: inout ByteReader) throws(DecodeError) {
        guard reader.remaining >= 4 else { throw .truncated(needed: 4, available: reader.remaining) }
        guard reader.remaining % 4 == 0 else { throw .trailingBytes(count: reader.remaining % 4) }
        var list: [HandlesInformation] = []
        list.reserveCapacity(reader.remaining / 4)
        while !reader.isAtEnd {
            let found = try AttributeHandle(from: &reader)
            let groupEnd = try AttributeHandle(from: &reader)
            list.append(HandlesInformation(foundAttributeHandle: found, groupEndHandle: groupEnd))
        }
        handlesInformation = list
    }

    public func encode(into writer: inout ByteWriter) {
        for information in handlesInformation {
            information.foundAttributeHandle.encode(into: &writer)
            information.groupEndHandle.encode(into: &writer)
        }
    }
}
