/// Reads the values of the characteristics of one type in a handle range with one Read By Type Request,
/// e.g. the Database Hash.
///
/// Values come cut to what one response carries (ATT_MTU - 4 bytes). Attribute Not Found means no
/// such characteristic, and the procedure finishes with none.
///
/// Bluetooth Core Specification Vol 3, Part G, 4.8.2 and 7.3.
public struct GATTClientReadUsingCharacteristicUUID: GATTClientProcedure {
    /// The UUID of the Database Hash characteristic, 0x2B2A.
    public static let databaseHash = BluetoothUUID(uuid16: 0x2B2A)

    private enum State: Hashable, Sendable {
        case idle
        case awaitingValues
        case done
    }

    private let uuid: BluetoothUUID
    private let range: ClosedRange<AttributeHandle>
    private var state = State.idle

    /// Makes the procedure reading characteristics of type `uuid` in `range`.
    public init(uuid: BluetoothUUID, range: ClosedRange<AttributeHandle> = AttributeHandle.min...AttributeHandle.max) {
        self.uuid = uuid
        self.range = range
    }

    public mutating func start() -> GATTClientStep<[ATTReadByTypeResponse.AttributeData]> {
        state = .awaitingValues
        return .send(
            .readByTypeRequest(
                ATTReadByTypeRequest(
                    startingHandle: range.lowerBound, endingHandle: range.upperBound, attributeType: uuid)))
    }

    public mutating func received(_ response: ATTPDU) -> GATTClientStep<[ATTReadByTypeResponse.AttributeData]> {
        guard state == .awaitingValues else { return .failed(.unexpectedResponse(response.opcode)) }
        state = .done
        switch response {
        case .readByTypeResponse(let values):
            var cursor = GATTClientHandleCursor(from: range.lowerBound, through: range.upperBound)
            do throws(GATTClientError) {
                _ = try cursor.advance(over: values.attributeData.map { (first: $0.handle, last: $0.handle) })
            } catch {
                return .failed(error)
            }
            return .finished(values.attributeData)
        case .errorResponse(let error) where error.requestOpcode == .readByTypeRequest:
            return error.error == .attributeNotFound ? .finished([]) : .failed(GATTClientError(error))
        default:
            return .failed(.unexpectedResponse(response.opcode))
        }
    }
}
