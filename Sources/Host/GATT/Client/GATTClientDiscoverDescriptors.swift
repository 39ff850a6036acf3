/// Discovers a characteristic's descriptors with Find Information Requests from after its value to its end.
///
/// A characteristic whose value ends its definition has no descriptors, and the procedure finishes
/// without a request. It ends on Attribute Not Found, or without another request once a descriptor
/// reaches the range's end.
///
/// Bluetooth Core Specification Vol 3, Part G, 4.7.1.
public struct GATTClientDiscoverDescriptors: GATTClientProcedure {
    private enum State: Hashable, Sendable {
        case idle
        case awaitingInformation(GATTClientHandleCursor)
        case done
    }

    private let range: ClosedRange<AttributeHandle>?
    private var state = State.idle
    private var descriptors: [DiscoveredDescriptor] = []

    /// Makes the procedure for the handles in `range`; nil stands for no handles at all.
    public init(range: ClosedRange<AttributeHandle>?) {
        self.range = range
    }

    /// Makes the procedure for the handles between `characteristic`'s value and its end.
    public init(characteristic: DiscoveredCharacteristic) {
        self.init(range: characteristic.descriptorHandles)
    }

    public mutating func start() -> GATTClientStep<[DiscoveredDescriptor]> {
        descriptors = []
        guard let range else { return finish() }
        return request(from: GATTClientHandleCursor(from: range.lowerBound, through: range.upperBound))
    }

    public mutating func received(_ response: ATTPDU) -> GATTClientStep<[DiscoveredDescriptor]> {
        guard case .awaitingInformation(var cursor) = state else { return fail(.unexpectedResponse(response.opcode)) }
        switch response {
        case .findInformationResponse(let information):
            do throws(GATTClientError) {
                let exhausted = try cursor.advance(
                    over: information.entries.map { (first: $0.handle, last: $0.handle) })
                descriptors += information.entries.map { DiscoveredDescriptor(uuid: $0.uuid, handle: $0.handle) }
                return exhausted ? finish() : request(from: cursor)
            } catch {
                return fail(error)
            }
        case .errorResponse(let error) where error.requestOpcode == .findInformationRequest:
            return error.error == .attributeNotFound ? finish() : fail(GATTClientError(error))
        default:
            return fail(.unexpectedResponse(response.opcode))
        }
    }

    private mutating func request(from cursor: GATTClientHandleCursor) -> GATTClientStep<[DiscoveredDescriptor]> {
        guard !cursor.isEmpty else { return finish() }
        state = .awaitingInformation(cursor)
        return .send(
            .findInformationRequest(ATTFindInformationRequest(startingHandle: cursor.next, endingHandle: cursor.end)))
    }

    private mutating func finish() -> GATTClientStep<[DiscoveredDescriptor]> {
        state = .done
        return .finished(descriptors)
    }

    private mutating func fail(_ error: GATTClientError) -> GATTClientStep<[DiscoveredDescriptor]> {
        state = .done
        return .failed(error)
    }
}
