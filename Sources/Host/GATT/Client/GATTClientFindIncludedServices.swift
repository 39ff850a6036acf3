import HCI

/// Finds the services a service includes with Read By Type Requests for «Include» over the service's handles.
///
/// An include declaration carries the included service's UUID only when it is 16-bit; for a 128-bit one
/// the procedure reads the included service's declaration to learn it before asking for more includes.
/// It ends on Attribute Not Found, or without another request once a declaration reaches the range's end.
///
/// Bluetooth Core Specification Vol 3, Part G, 4.5.1.
public struct GATTClientFindIncludedServices: GATTClientProcedure {
    private struct Include: Hashable, Sendable {
        let declarationHandle: AttributeHandle
        let handleRange: ClosedRange<AttributeHandle>
    }

    private enum State: Hashable, Sendable {
        case idle
        case awaitingIncludes(GATTClientHandleCursor)
        case readingUUID(Include, remaining: ArraySlice<Include>, cursor: GATTClientHandleCursor?)
        case done
    }

    private let range: ClosedRange<AttributeHandle>
    private var state = State.idle
    private var includes: [DiscoveredIncludedService] = []

    /// Makes the procedure for the service spanning `range`.
    public init(range: ClosedRange<AttributeHandle>) {
        self.range = range
    }

    /// Makes the procedure for `service`.
    public init(service: DiscoveredService) {
        self.init(range: service.handleRange)
    }

    public mutating func start() -> GATTClientStep<[DiscoveredIncludedService]> {
        includes = []
        return request(from: GATTClientHandleCursor(from: range.lowerBound, through: range.upperBound))
    }

    public mutating func received(_ response: ATTPDU) -> GATTClientStep<[DiscoveredIncludedService]> {
        switch (state, response) {
        case (.awaitingIncludes(var cursor), .readByTypeResponse(let found)):
            do throws(GATTClientError) {
                let exhausted = try cursor.advance(
                    over: found.attributeData.map { (first: $0.handle, last: $0.handle) })
                var withoutUUID: [Include] = []
                for data in found.attributeData {
                    let include = try Self.include(from: data)
                    if data.value.count == 6 {
                        let uuid = try GATTClientAttributeType.uuid(fromValue: data.value[4...], of: "included service")
                        includes.append(Self.discovered(include, uuid: uuid))
                    } else {
                        withoutUUID.append(include)
                    }
                }
                return resolve(withoutUUID[...], then: exhausted ? nil : cursor)
            } catch {
                return fail(error)
            }
        case (.awaitingIncludes, .errorResponse(let error)) where error.requestOpcode == .readByTypeRequest:
            return error.error == .attributeNotFound ? finish() : fail(GATTClientError(error))
        case (.readingUUID(let include, let remaining, let cursor), .readResponse(let read)):
            guard read.value.count == 16,
                let uuid = try? GATTClientAttributeType.uuid(fromValue: read.value[...], of: "included service")
            else {
                return fail(.invalidResponse("included service declaration of \(read.value.count) bytes"))
            }
            includes.append(Self.discovered(include, uuid: uuid))
            return resolve(remaining, then: cursor)
        case (.readingUUID, .errorResponse(let error)) where error.requestOpcode == .readRequest:
            return fail(GATTClientError(error))
        default:
            return fail(.unexpectedResponse(response.opcode))
        }
    }

    private static func include(from data: ATTReadByTypeResponse.AttributeData) throws(GATTClientError) -> Include {
        guard data.value.count == 6 || data.value.count == 4 else {
            throw .invalidResponse("include declaration of \(data.value.count) bytes")
        }
        var reader = ByteReader(data.value)
        guard let start = try? AttributeHandle(from: &reader), let end = try? AttributeHandle(from: &reader) else {
            throw .invalidResponse("include declaration of \(data.value.count) bytes")
        }
        guard start.isValid, start <= end else {
            throw .invalidResponse("included service spans \(start) to \(end)")
        }
        return Include(declarationHandle: data.handle, handleRange: start...end)
    }

    private static func discovered(_ include: Include, uuid: BluetoothUUID) -> DiscoveredIncludedService {
        DiscoveredIncludedService(
            declarationHandle: include.declarationHandle, uuid: uuid, handleRange: include.handleRange)
    }

    private mutating func resolve(
        _ pending: ArraySlice<Include>, then cursor: GATTClientHandleCursor?
    ) -> GATTClientStep<[DiscoveredIncludedService]> {
        if let include = pending.first {
            state = .readingUUID(include, remaining: pending.dropFirst(), cursor: cursor)
            return .send(.readRequest(ATTReadRequest(handle: include.handleRange.lowerBound)))
        }
        guard let cursor else { return finish() }
        return request(from: cursor)
    }

    private mutating func request(from cursor: GATTClientHandleCursor) -> GATTClientStep<[DiscoveredIncludedService]> {
        guard !cursor.isEmpty else { return finish() }
        state = .awaitingIncludes(cursor)
        return .send(
            .readByTypeRequest(
                ATTReadByTypeRequest(
                    startingHandle: cursor.next, endingHandle: cursor.end,
                    attributeType: GATTClientAttributeType.include)))
    }

    private mutating func finish() -> GATTClientStep<[DiscoveredIncludedService]> {
        state = .done
        return .finished(includes)
    }

    private mutating func fail(_ error: GATTClientError) -> GATTClientStep<[DiscoveredIncludedService]> {
        state = .done
        return .failed(error)
    }
}
