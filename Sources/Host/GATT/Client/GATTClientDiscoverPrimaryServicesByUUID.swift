import HCI

/// Discovers the primary services of one type with Find By Type Value Requests for «Primary Service».
///
/// The UUID goes in its shortest ATT form, as the server stores it in the service declaration.
/// The procedure ends on Attribute Not Found, or without another request once a group reaches the range's end.
///
/// Bluetooth Core Specification Vol 3, Part G, 4.4.2.
public struct GATTClientDiscoverPrimaryServicesByUUID: GATTClientProcedure {
    private enum State: Hashable, Sendable {
        case idle
        case awaitingGroups(GATTClientHandleCursor)
        case done
    }

    private let uuid: BluetoothUUID
    private let range: ClosedRange<AttributeHandle>
    private var state = State.idle
    private var services: [DiscoveredService] = []

    /// Makes the procedure for services of type `uuid` anywhere in `range`.
    public init(uuid: BluetoothUUID, range: ClosedRange<AttributeHandle> = AttributeHandle.min...AttributeHandle.max) {
        self.uuid = uuid
        self.range = range
    }

    public mutating func start() -> GATTClientStep<[DiscoveredService]> {
        services = []
        return request(from: GATTClientHandleCursor(from: range.lowerBound, through: range.upperBound))
    }

    public mutating func received(_ response: ATTPDU) -> GATTClientStep<[DiscoveredService]> {
        guard case .awaitingGroups(var cursor) = state else { return fail(.unexpectedResponse(response.opcode)) }
        switch response {
        case .findByTypeValueResponse(let found):
            do throws(GATTClientError) {
                let spans = found.handlesInformation.map { (first: $0.foundAttributeHandle, last: $0.groupEndHandle) }
                let exhausted = try cursor.advance(over: spans)
                services += spans.map { DiscoveredService(uuid: uuid, handleRange: $0.first...$0.last) }
                return exhausted ? finish() : request(from: cursor)
            } catch {
                return fail(error)
            }
        case .errorResponse(let error) where error.requestOpcode == .findByTypeValueRequest:
            return error.error == .attributeNotFound ? finish() : fail(GATTClientError(error))
        default:
            return fail(.unexpectedResponse(response.opcode))
        }
    }

    private mutating func request(from cursor: GATTClientHandleCursor) -> GATTClientStep<[DiscoveredService]> {
        guard !cursor.isEmpty else { return finish() }
        state = .awaitingGroups(cursor)
        var value = ByteWriter()
        uuid.shortestForm.encode(into: &value)
        return .send(
            .findByTypeValueRequest(
                ATTFindByTypeValueRequest(
                    startingHandle: cursor.next, endingHandle: cursor.end,
                    attributeType: GATTClientAttributeType.primaryService16, attributeValue: value.bytes)))
    }

    private mutating func finish() -> GATTClientStep<[DiscoveredService]> {
        state = .done
        return .finished(services)
    }

    private mutating func fail(_ error: GATTClientError) -> GATTClientStep<[DiscoveredService]> {
        state = .done
        return .failed(error)
    }
}
