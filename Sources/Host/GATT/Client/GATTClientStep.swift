/// What a GATT client procedure asks its driver to do next.
///
/// Bluetooth Core Specification Vol 3, Part G, 4.
public enum GATTClientStep<Result> {
    /// Send this request and feed its answer (a response or an Error Response) back to the procedure.
    case send(ATTPDU)
    /// The procedure is over and produced this result.
    case finished(Result)
    /// The procedure is over and failed.
    case failed(GATTClientError)
}

extension GATTClientStep: Sendable where Result: Sendable {}
extension GATTClientStep: Equatable where Result: Equatable {}
extension GATTClientStep: Hashable where Result: Hashable {}
