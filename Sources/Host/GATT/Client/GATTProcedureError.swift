/// Why a GATT client procedure run over an ATT bearer failed: the procedure's own verdict, or the bearer's.
///
/// Bluetooth Core Specification Vol 3, Part G, 4 and Vol 3, Part F, 3.3.3.
public enum GATTProcedureError: Error, Hashable, Sendable {
    /// The procedure failed: an Error Response from the server, or an answer that breaks its rules.
    case procedure(GATTClientError)
    /// The bearer failed: a transaction timeout, a disconnection, closure, a full queue or a PDU over ATT_MTU.
    case bearer(ATTBearerError)
}

extension GATTProcedureError: CustomStringConvertible {
    public var description: String {
        switch self {
        case .procedure(let error): "GATT procedure failed: \(error)"
        case .bearer(let error): "GATT procedure stopped: \(error)"
        }
    }
}
