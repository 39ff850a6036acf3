/// A PDU a client sends to a server that the server answers with ``Response`` (or an Error Response).
///
/// Bluetooth Core Specification Vol 3, Part F, 3.3 and 3.4.9.
public protocol ATTRequest: ATTPDUCodable {
    /// The PDU that answers the request when it succeeds.
    associatedtype Response: ATTPDUCodable
}
