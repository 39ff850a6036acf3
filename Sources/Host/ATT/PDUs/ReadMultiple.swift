import HCI

/// Asks for the values of two or more attributes, all but the last of known fixed size.
///
/// Bluetooth Core Specification Vol 3, Part F, 3.4.4.7.
public struct ATTReadMultipleRequest: ATTRequest {
    public typealias Response = ATTReadMultipleResponse
    public static let opcode = ATTOpcode.readMultipleRequest

    /// The attributes to read, in the order their values are wanted.
    public let handles: [AttributeHandle]

    /// Makes a request; it needs at least two handles.
    public init(handles: [AttributeHandle]) {
        precondition(handles.count >= 2, "a Read Multiple Request names at least two handles")
        self.handles = handles
    }
}

extension ATTReadMultipleRequest {
    public init(from reader: inout ByteReader) throws(DecodeError) {
        handles = try reader.readSetOfHandles()
    }

    public func encode(into writer: inout ByteWriter) {
        for handle in handles {
            handle.encode(into: &writer)
        }
    }
}

/// Answers a Read Multiple Request with the values concatenated, cut to ATT_MTU - 1 bytes.
///
/// Bluetooth Core Specification Vol 3, Part F, 3.4.4.8.
public struct ATTReadMultipleResponse: ATTPDUCodable {
    public static let opcode = ATTOpcode.readMultipleResponse

    /// The requested values, one after another with nothing between them.
    public var setOfValues: [UInt8]

    public init(setOfValues: [UInt8]) {
        self.setOfValues = setOfValues
    }
}

extension ATTReadMultipleResponse {
    public init(from reader: inout ByteReader) throws(DecodeError) {
        setOfValues = reader.readRemaining()
    }

    public func encode(into writer: inout ByteWriter) {
        writer.write(bytes: setOfValues)
    }
}
