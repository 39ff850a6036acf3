import HCI

/// Asks the server to write an attribute's value and confirm it.
///
/// Bluetooth Core Specification Vol 3, Part F, 3.4.5.1.
public struct ATTWriteRequest: ATTRequest, ATTHandleValuePDU {
    public typealias Response = ATTWriteResponse
    public static let opcode = ATTOpcode.writeRequest

    /// The attribute to write and its new value.
    public var parameters: ATTHandleValueParameters

    public init(parameters: ATTHandleValueParameters) {
        self.parameters = parameters
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
public struct ATTWriteCommand: ATTHandleValuePDU {
    public static let opcode = ATTOpcode.writeCommand

    /// The attribute to write and its new value.
    public var parameters: ATTHandleValueParameters

    public init(parameters: ATTHandleValueParameters) {
        self.parameters = parameters
    }
}
