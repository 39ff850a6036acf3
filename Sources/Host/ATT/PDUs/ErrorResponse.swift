import HCI

/// Tells a client that its request failed: which request, which handle, and why.
///
/// Bluetooth Core Specification Vol 3, Part F, 3.4.1.1.
public struct ATTErrorResponse: ATTPDUCodable {
    public static let opcode = ATTOpcode.errorResponse

    /// The opcode of the request that failed.
    public var requestOpcode: ATTOpcode
    /// The handle the error concerns, or ``AttributeHandle/invalid`` when none does.
    public var handle: AttributeHandle
    /// Why the request failed.
    public var error: ATTErrorCode

    public init(requestOpcode: ATTOpcode, handle: AttributeHandle, error: ATTErrorCode) {
        self.requestOpcode = requestOpcode
        self.handle = handle
        self.error = error
    }
}

extension ATTErrorResponse {
    public init(from reader: inout ByteReader) throws(DecodeError) {
        requestOpcode = try ATTOpcode(from: &reader)
        handle = try AttributeHandle(from: &reader)
        error = try ATTErrorCode(from: &reader)
    }

    public func encode(into writer: inout ByteWriter) {
        requestOpcode.encode(into: &writer)
        handle.encode(into: &writer)
        error.encode(into: &writer)
    }
}
