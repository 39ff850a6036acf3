import HCI

/// Queues part of a value to write at an offset, until an Execute Write Request writes or drops the queue.
///
/// Bluetooth Core Specification Vol 3, Part F, 3.4.6.1.
public struct ATTPrepareWriteRequest: ATTRequest, ATTPrepareWritePDU {
    public typealias Response = ATTPrepareWriteResponse
    public static let opcode = ATTOpcode.prepareWriteRequest

    /// The attribute to write, where the part goes and the part itself.
    public var parameters: ATTPrepareWriteParameters

    public init(parameters: ATTPrepareWriteParameters) {
        self.parameters = parameters
    }
}

/// Echoes a Prepare Write Request's fields so the client can check the server queued them intact.
///
/// Bluetooth Core Specification Vol 3, Part F, 3.4.6.2.
public struct ATTPrepareWriteResponse: ATTPrepareWritePDU {
    public static let opcode = ATTOpcode.prepareWriteResponse

    /// The request's handle, offset and part of the value, echoed.
    public var parameters: ATTPrepareWriteParameters

    public init(parameters: ATTPrepareWriteParameters) {
        self.parameters = parameters
    }
}
