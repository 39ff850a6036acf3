/// Discovers every primary service on the server with Read By Group Type Requests for «Primary Service».
///
/// Each request starts one past the last group returned; the procedure ends on Attribute Not Found,
/// or without another request once a group reaches the end of the range.
///
/// Bluetooth Core Specification Vol 3, Part G, 4.4.1.
public struct GATTClientDiscoverAllPrimaryServices: GATTClientProcedure {
    private enum State: Hashable, Sendable {
        case idle
        case awaitingGroups(GATTClientHandleCursor)
        case done
    }

    private let range: ClosedRange<AttributeHandle>
    private var state = State.idle
    private var services: [DiscoveredService] = []

    /// Makes the procedure for the whole database, or for part of it (e.g. a range the server said changed).
    public init(range: ClosedRange<AttributeHandle> = AttributeHandle.min...AttributeHandle.max) {
        self.range = range
    }

    public mutating func start() -> GATTClientStep<[DiscoveredService]> {
        services = []
        let cursor = GATTClientHandleCursor(from: range.lowerBound, through: range.upperBound)
        return request(from: cursor)
    }

    public mutating func received(_ response: ATTPDU) -> GATTClientStep<[DiscoveredService]> {
        guard case .awaitingGroups(var cursor) = state else { return fail(.unexpectedResponse(response.opcode)) }
        switch response {
        case .readByGroupTypeResponse(let groups):
            do throws(GATTClientError) {
                let exhausted = try cursor.advance(
                    over: groups.attributeData.map { (first: $0.handle, last: $0.endGroupHandle) })
                for data in groups.attributeData {
                    let uuid = try GATTClientAttributeType.uuid(fromValue: data.value[...], of: "service")
                    services.append(DiscoveredService(uuid: uuid, handleRange: data.handle...data.endGroupHandle))
                }
                return exhausted ? finish() : request(from: cursor)
            } catch {
                return fail(error)
            }
        case .errorResponse(let error) where error.requestOpcode == .readByGroupTypeRequest:
            return error.error == .attributeNotFound ? finish() : fail(GATTClientError(error))
        default:
            return fail(.unexpectedResponse(response.opcode))
        }
    }

    private mutating func request(from cursor: GATTClientHandleCursor) -> GATTClientStep<[DiscoveredService]> {
        guard !cursor.isEmpty else { return finish() }
        state = .awaitingGroups(cursor)
        return .send(
            .readByGroupTypeRequest(
                ATTReadByGroupTypeRequest(
                    startingHandle: cursor.next, endingHandle: cursor.end,
                    attributeGroupType: GATTClientAttributeType.primaryService)))
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
