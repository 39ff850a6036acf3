/// Reads a characteristic value or descriptor with a Read Request, then Read Blob Requests while parts come full.
///
/// A part of ATT_MTU - 1 bytes may mean the value goes on, so the procedure asks for the next part at
/// the offset read so far, until a shorter part, Attribute Not Long or Invalid Offset ends it, or the
/// value reaches the 512 bytes an attribute value can hold; bytes past those 512 are dropped.
///
/// Bluetooth Core Specification Vol 3, Part G, 4.8.1, 4.8.3, 4.12.1 and 4.12.2; Vol 3, Part F, 3.2.9.
public struct GATTClientReadValue: GATTClientProcedure {
    /// The longest value an attribute can hold.
    public static let maximumValueLength = 512

    private enum State: Hashable, Sendable {
        case idle
        case awaitingRead
        case awaitingBlob(offset: UInt16)
        case done
    }

    private let handle: AttributeHandle
    private let mtu: Int
    private let readsLongValue: Bool
    private var state = State.idle
    private var value: [UInt8] = []

    /// Makes the procedure for the attribute at `handle` on a bearer with `mtu`; with `readsLongValue` false
    /// it stops after the first part.
    public init(handle: AttributeHandle, mtu: Int, readsLongValue: Bool = true) {
        precondition(mtu >= 23, "ATT_MTU is at least 23")
        self.handle = handle
        self.mtu = mtu
        self.readsLongValue = readsLongValue
    }

    public mutating func start() -> GATTClientStep<[UInt8]> {
        value = []
        state = .awaitingRead
        return .send(.readRequest(ATTReadRequest(handle: handle)))
    }

    public mutating func received(_ response: ATTPDU) -> GATTClientStep<[UInt8]> {
        switch (state, response) {
        case (.awaitingRead, .readResponse(let read)):
            return append(read.value)
        case (.awaitingBlob, .readBlobResponse(let blob)):
            return append(blob.value)
        case (.awaitingRead, .errorResponse(let error)) where error.requestOpcode == .readRequest:
            return fail(GATTClientError(error))
        case (.awaitingBlob, .errorResponse(let error)) where error.requestOpcode == .readBlobRequest:
            switch error.error {
            case .attributeNotLong, .invalidOffset: return finish()
            default: return fail(GATTClientError(error))
            }
        default:
            return fail(.unexpectedResponse(response.opcode))
        }
    }

    private mutating func append(_ part: [UInt8]) -> GATTClientStep<[UInt8]> {
        value += part.prefix(Self.maximumValueLength - value.count)
        guard readsLongValue, part.count == mtu - 1, value.count < Self.maximumValueLength else { return finish() }
        let offset = UInt16(value.count)
        state = .awaitingBlob(offset: offset)
        return .send(.readBlobRequest(ATTReadBlobRequest(handle: handle, offset: offset)))
    }

    private mutating func finish() -> GATTClientStep<[UInt8]> {
        state = .done
        return .finished(value)
    }

    private mutating func fail(_ error: GATTClientError) -> GATTClientStep<[UInt8]> {
        state = .done
        return .failed(error)
    }
}
