/// Reads several values in one Read Multiple Request; the response holds them back to back, cut to ATT_MTU - 1.
///
/// Only the caller knows where one value ends and the next begins, so the result is the bytes as sent.
/// One handle needs no Read Multiple and goes in a Read Request; no handles need no request.
///
/// Bluetooth Core Specification Vol 3, Part G, 4.8.4.
public struct GATTClientReadMultiple: GATTClientProcedure {
    private enum State: Hashable, Sendable {
        case idle
        case awaitingValues
        case done
    }

    private let handles: [AttributeHandle]
    private var state = State.idle

    /// Makes the procedure for the attributes at `handles`, in the order their values are wanted.
    public init(handles: [AttributeHandle]) {
        self.handles = handles
    }

    public mutating func start() -> GATTClientStep<[UInt8]> {
        switch handles.count {
        case 0:
            state = .done
            return .finished([])
        case 1:
            state = .awaitingValues
            return .send(.readRequest(ATTReadRequest(handle: handles[0])))
        default:
            state = .awaitingValues
            return .send(.readMultipleRequest(ATTReadMultipleRequest(handles: handles)))
        }
    }

    public mutating func received(_ response: ATTPDU) -> GATTClientStep<[UInt8]> {
        guard state == .awaitingValues else { return .failed(.unexpectedResponse(response.opcode)) }
        state = .done
        switch response {
        case .readMultipleResponse(let values) where handles.count > 1:
            return .finished(values.setOfValues)
        case .readResponse(let read) where handles.count == 1:
            return .finished(read.value)
        case .errorResponse(let error)
        where error.requestOpcode == (handles.count > 1 ? .readMultipleRequest : .readRequest):
            return .failed(GATTClientError(error))
        default:
            return .failed(.unexpectedResponse(response.opcode))
        }
    }
}
