/// Why a GATT client procedure failed.
///
/// Bluetooth Core Specification Vol 3, Part G, 4.
public enum GATTClientError: Error, Hashable, Sendable {
    /// The server refused a request with an Error Response: its code and the handle it names.
    case attError(ATTErrorCode, handle: AttributeHandle)
    /// The server sent a PDU that does not answer the request the procedure sent.
    case unexpectedResponse(ATTOpcode)
    /// The response answers the request but breaks the rules of the procedure.
    case invalidResponse(String)
    /// The response starts at or before a handle already covered, so the procedure would not advance.
    case handleNotAdvanced(AttributeHandle)
    /// A Prepare Write Response did not echo the segment sent; the server's queue was cancelled.
    case preparedWriteMismatch(handle: AttributeHandle, offset: UInt16)
    /// The value is longer than the procedure can carry.
    case valueTooLong(length: Int, maximum: Int)

    /// The error an Error Response stands for.
    init(_ response: ATTErrorResponse) {
        self = .attError(response.error, handle: response.handle)
    }
}

extension GATTClientError: CustomStringConvertible {
    public var description: String {
        switch self {
        case .attError(let code, let handle): "\(code.name) at handle \(handle)"
        case .unexpectedResponse(let opcode): "\(opcode.name) came back, which does not answer it"
        case .invalidResponse(let reason): reason
        case .handleNotAdvanced(let handle):
            "it lists handle \(handle), at or before a handle already covered, so discovery would not advance"
        case .preparedWriteMismatch(let handle, let offset):
            "prepared write to \(handle) at offset \(offset) was not echoed unchanged"
        case .valueTooLong(let length, let maximum): "value of \(length) bytes exceeds \(maximum)"
        }
    }
}
