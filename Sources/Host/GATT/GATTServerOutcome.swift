/// What the ATT bearer does after the GATT server took a PDU.
public enum GATTServerOutcome: Hashable, Sendable {
    /// Send this response or Error Response now.
    case respond(ATTPDU)
    /// Send nothing: the PDU was a command, a confirmation, or not for the server.
    case none
    /// Hand this request to the application; for reads and writes with response, its answer
    /// through ``GATTServer/complete(id:result:)`` gives the response.
    case deferred(GATTServerRequest)
}
