/// A GATT client procedure as a pure state machine: it names each request and judges each answer.
///
/// A driver calls ``start()``, sends each ``GATTClientStep/send(_:)`` PDU on the ATT bearer and hands
/// the answer (the response, or the Error Response) to ``received(_:)``, until a step finishes or fails.
/// A procedure never loops on a server that does not advance, and never traps on a peer's PDU.
///
/// Bluetooth Core Specification Vol 3, Part G, 4.
public protocol GATTClientProcedure: Sendable {
    /// What the procedure produces when it succeeds.
    associatedtype Result: Sendable

    /// Begins (or begins again) the procedure; usually the first request to send.
    mutating func start() -> GATTClientStep<Result>

    /// Takes the server's answer to the last request sent.
    mutating func received(_ response: ATTPDU) -> GATTClientStep<Result>
}
