/// Writes a characteristic value or descriptor with a Write Request and waits for the Write Response.
///
/// The value must fit in one PDU (ATT_MTU - 3 bytes); a longer value needs ``GATTClientWriteLongValue``.
///
/// Bluetooth Core Specification Vol 3, Part G, 4.9.3 and 4.12.3.
public struct GATTClientWriteValue: GATTClientProcedure {
    private enum State: Hashable, Sendable {
        case idle
        case awaitingWriteResponse
        case done
    }

    private let handle: AttributeHandle
    private let value: [UInt8]
    private let mtu: Int
    private var state = State.idle

    /// Makes the procedure writing `value` to the attribute at `handle` on a bearer with `mtu`.
    public init(handle: AttributeHandle, value: [UInt8], mtu: Int) {
        precondition(mtu >= 23, "ATT_MTU is at least 23")
        self.handle = handle
        self.value = value
        self.mtu = mtu
    }

    /// The longest value one Write Request carries on a bearer with `mtu`.
    public static func maximumValueLength(mtu: Int) -> Int {
        min(mtu - 3, GATTClientReadValue.maximumValueLength)
    }

    public mutating func start() -> GATTClientStep<Void> {
        let maximum = Self.maximumValueLength(mtu: mtu)
        guard value.count <= maximum else {
            state = .done
            return .failed(.valueTooLong(length: value.count, maximum: maximum))
        }
        state = .awaitingWriteResponse
        return .send(.writeRequest(ATTWriteRequest(handle: handle, value: value)))
    }

    public mutating func received(_ response: ATTPDU) -> GATTClientStep<Void> {
        guard state == .awaitingWriteResponse else { return .failed(.unexpectedResponse(response.opcode)) }
        state = .done
        switch response {
        case .writeResponse:
            return .finished(())
        case .errorResponse(let error) where error.requestOpcode == .writeRequest:
            return .failed(GATTClientError(error))
        default:
            return .failed(.unexpectedResponse(response.opcode))
        }
    }
}
