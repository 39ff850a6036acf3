import HCI

/// Sends an attribute's current value to the client, unasked and unconfirmed.
///
/// Bluetooth Core Specification Vol 3, Part F, 3.4.7.1.
public struct ATTHandleValueNotification: ATTHandleValuePDU {
    public static let opcode = ATTOpcode.handleValueNotification

    /// The attribute and its value, or the value's first ATT_MTU - 3 bytes.
    public var parameters: ATTHandleValueParameters

    public init(parameters: ATTHandleValueParameters) {
        self.parameters = parameters
    }
}

/// Sends an attribute's current value to the client, which must confirm it before the next indication.
///
/// Bluetooth Core Specification Vol 3, Part F, 3.4.7.2.
public struct ATTHandleValueIndication: ATTHandleValuePDU {
    public static let opcode = ATTOpcode.handleValueIndication

    /// The attribute and its value, or the value's first ATT_MTU - 3 bytes.
    public var parameters: ATTHandleValueParameters

    public init(parameters: ATTHandleValueParameters) {
        self.parameters = parameters
    }
}

/// Confirms that the client received an indication.
///
/// Bluetooth Core Specification Vol 3, Part F, 3.4.7.3.
public struct ATTHandleValueConfirmation: ATTPDUCodable {
    public static let opcode = ATTOpcode.handleValueConfirmation

    public init() {}
}

extension ATTHandleValueConfirmation {
    public init(from reader: inout ByteReader) throws(DecodeError) {}

    public func encode(into writer: inout ByteWriter) {}
}

/// Sends the current values of several attributes to the client in one PDU, unconfirmed.
///
/// Bluetooth Core Specification Vol 3, Part F, 3.4.7.4.
public struct ATTMultipleHandleValueNotification: ATTPDUCodable {
    public static let opcode = ATTOpcode.multipleHandleValueNotification

    /// One attribute's handle and whole value; on the wire its length sits between them.
    ///
    /// Bluetooth Core Specification Vol 3, Part F, 3.4.7.4, table 3.42.
    public struct HandleLengthValueTuple: Hashable, Sendable {
        /// The attribute whose value this is.
        public let handle: AttributeHandle
        /// The whole value, at most 65535 bytes.
        public let value: [UInt8]

        /// Makes a tuple; `value` must be at most 65535 bytes.
        public init(handle: AttributeHandle, value: [UInt8]) {
            precondition(value.count <= Int(UInt16.max), "an attribute value is at most 65535 bytes")
            self.handle = handle
            self.value = value
        }
    }

    /// The attributes and their values.
    public let tuples: [HandleLengthValueTuple]

    /// Makes a notification; the tuples must take at least 8 bytes, as two or more always do.
    public init(tuples: [HandleLengthValueTuple]) {
        precondition(
            tuples.reduce(0) { $0 + 4 + $1.value.count } >= 8,
            "a Multiple Handle Value Notification carries at least 8 bytes of tuples")
        self.tuples = tuples
    }
}

extension ATTMultipleHandleValueNotification {
    public init(from reader: inout ByteReader) throws(DecodeError) {
        guard reader.remaining >= 8 else { throw .truncated(needed: 8, available: reader.remaining) }
        var list: [HandleLengthValueTuple] = []
        while !reader.isAtEnd {
            let handle = try AttributeHandle(from: &reader)
            let length: UInt16 = try reader.read()
            list.append(HandleLengthValueTuple(handle: handle, value: try reader.readBytes(Int(length))))
        }
        tuples = list
    }

    public func encode(into writer: inout ByteWriter) {
        for tuple in tuples {
            tuple.handle.encode(into: &writer)
            writer.write(UInt16(tuple.value.count))
            writer.write(bytes: tuple.value)
        }
    }
}
