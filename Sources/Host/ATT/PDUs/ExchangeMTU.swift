import HCI

/// Tells the server the largest ATT PDU the client can receive and asks for the server's.
///
/// Bluetooth Core Specification Vol 3, Part F, 3.4.2.1.
public struct ATTExchangeMTURequest: ATTRequest {
    public typealias Response = ATTExchangeMTUResponse
    public static let opcode = ATTOpcode.exchangeMTURequest

    /// The largest ATT PDU the client can receive, in bytes.
    public var clientRxMTU: UInt16

    public init(clientRxMTU: UInt16) {
        self.clientRxMTU = clientRxMTU
    }
}

extension ATTExchangeMTURequest {
    public init(from reader: inout ByteReader) throws(DecodeError) {
        clientRxMTU = try reader.read()
    }

    public func encode(into writer: inout ByteWriter) {
        writer.write(clientRxMTU)
    }
}

/// Answers an Exchange MTU Request with the largest ATT PDU the server can receive.
///
/// Bluetooth Core Specification Vol 3, Part F, 3.4.2.2.
public struct ATTExchangeMTUResponse: ATTPDUCodable {
    public static let opcode = ATTOpcode.exchangeMTUResponse

    /// The largest ATT PDU the server can receive, in bytes.
    public var serverRxMTU: UInt16

    public init(serverRxMTU: UInt16) {
        self.serverRxMTU = serverRxMTU
    }
}

extension ATTExchangeMTUResponse {
    public init(from reader: inout ByteReader) throws(DecodeError) {
        serverRxMTU = try reader.read()
    }

    public func encode(into writer: inout ByteWriter) {
        writer.write(serverRxMTU)
    }
}
