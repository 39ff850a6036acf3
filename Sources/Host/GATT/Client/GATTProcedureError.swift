/// Why a GATT client procedure run over an ATT bearer failed: the procedure's own verdict, or the bearer's.
///
/// Bluetooth Core Specification Vol 3, Part G, 4 and Vol 3, Part F, 3.3.3.
public enum GATTProcedureError: Error, Hashable, Sendable {
    /// The procedure failed without the server breaking a rule: an Error Response from the server, or a value
    /// longer than the procedure can carry.
    case procedure(GATTClientError)
    /// The server's answer to `request` broke the procedure's rules (a response of the wrong kind, malformed,
    /// out of range, not advancing, or a prepared write not echoed): what it did wrong, and to which request.
    case brokenAnswer(to: ATTPDU, GATTClientError)
    /// The bearer failed: a transaction timeout, a disconnection, closure, a full queue or a PDU over ATT_MTU.
    case bearer(ATTBearerError)

    /// The error a procedure's failure stands for once its last request is known: the server's refusals and
    /// the procedure's own limits stay ``procedure(_:)``; anything else is a broken answer to `request`.
    init(_ error: GATTClientError, answering request: ATTPDU?) {
        switch (error, request) {
        case (.attError, _), (.valueTooLong, _), (_, nil): self = .procedure(error)
        case (_, let request?): self = .brokenAnswer(to: request, error)
        }
    }
}

extension GATTProcedureError: CustomStringConvertible {
    public var description: String {
        switch self {
        case .procedure(let error): "GATT procedure failed: \(error)"
        case .brokenAnswer(let request, let error):
            "the peer's answer to \(request.requestSummary) broke the GATT procedure: \(error)"
        case .bearer(let error): "GATT procedure stopped: \(error)"
        }
    }
}
