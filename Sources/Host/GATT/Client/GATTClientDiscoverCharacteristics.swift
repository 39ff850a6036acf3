import HCI

/// Discovers a service's characteristics with Read By Type Requests for «Characteristic» over its handles.
///
/// Each characteristic's definition ends just before the next declaration, or at the service's end.
/// With a UUID the procedure is Discover Characteristics by UUID: it still reads every declaration,
/// since the end of a match depends on the declaration after it, and keeps only the matches.
/// It ends on Attribute Not Found, or without another request once a value reaches the range's end.
///
/// Bluetooth Core Specification Vol 3, Part G, 4.6.1 and 4.6.2.
public struct GATTClientDiscoverCharacteristics: GATTClientProcedure {
    private struct Declaration: Hashable, Sendable {
        let handle: AttributeHandle
        let properties: UInt8
        let valueHandle: AttributeHandle
        let uuid: BluetoothUUID
    }

    private enum State: Hashable, Sendable {
        case idle
        case awaitingDeclarations(GATTClientHandleCursor)
        case done
    }

    private let range: ClosedRange<AttributeHandle>
    private let uuid: BluetoothUUID?
    private var state = State.idle
    private var declarations: [Declaration] = []

    /// Makes the procedure for the service spanning `range`, keeping only characteristics of type `uuid` if given.
    public init(range: ClosedRange<AttributeHandle>, uuid: BluetoothUUID? = nil) {
        self.range = range
        self.uuid = uuid
    }

    /// Makes the procedure for `service`, keeping only characteristics of type `uuid` if given.
    public init(service: DiscoveredService, uuid: BluetoothUUID? = nil) {
        self.init(range: service.handleRange, uuid: uuid)
    }

    public mutating func start() -> GATTClientStep<[DiscoveredCharacteristic]> {
        declarations = []
        return request(from: GATTClientHandleCursor(from: range.lowerBound, through: range.upperBound))
    }

    public mutating func received(_ response: ATTPDU) -> GATTClientStep<[DiscoveredCharacteristic]> {
        guard case .awaitingDeclarations(var cursor) = state else {
            return fail(.unexpectedResponse(response.opcode))
        }
        switch response {
        case .readByTypeResponse(let found):
            do throws(GATTClientError) {
                let parsed = try found.attributeData.map(declaration(from:))
                let exhausted = try cursor.advance(over: parsed.map { (first: $0.handle, last: $0.valueHandle) })
                declarations += parsed
                return exhausted ? finish() : request(from: cursor)
            } catch {
                return fail(error)
            }
        case .errorResponse(let error) where error.requestOpcode == .readByTypeRequest:
            return error.error == .attributeNotFound ? finish() : fail(GATTClientError(error))
        default:
            return fail(.unexpectedResponse(response.opcode))
        }
    }

    private func declaration(
        from data: ATTReadByTypeResponse.AttributeData
    ) throws(GATTClientError) -> Declaration {
        guard data.value.count == 5 || data.value.count == 19 else {
            throw .invalidResponse("characteristic declaration of \(data.value.count) bytes")
        }
        var reader = ByteReader(data.value)
        guard let properties = try? reader.read(UInt8.self), let valueHandle = try? AttributeHandle(from: &reader)
        else {
            throw .invalidResponse("characteristic declaration of \(data.value.count) bytes")
        }
        guard valueHandle > data.handle, valueHandle <= range.upperBound else {
            throw .invalidResponse("characteristic at \(data.handle) has its value at \(valueHandle)")
        }
        let uuid = try GATTClientAttributeType.uuid(fromValue: data.value[3...], of: "characteristic")
        return Declaration(handle: data.handle, properties: properties, valueHandle: valueHandle, uuid: uuid)
    }

    private mutating func request(
        from cursor: GATTClientHandleCursor
    ) -> GATTClientStep<[DiscoveredCharacteristic]> {
        guard !cursor.isEmpty else { return finish() }
        state = .awaitingDeclarations(cursor)
        return .send(
            .readByTypeRequest(
                ATTReadByTypeRequest(
                    startingHandle: cursor.next, endingHandle: cursor.end,
                    attributeType: GATTClientAttributeType.characteristic)))
    }

    private mutating func finish() -> GATTClientStep<[DiscoveredCharacteristic]> {
        state = .done
        var characteristics: [DiscoveredCharacteristic] = []
        for (index, declaration) in declarations.enumerated() {
            let endHandle =
                index + 1 < declarations.count
                ? AttributeHandle(rawValue: declarations[index + 1].handle.rawValue - 1) : range.upperBound
            guard uuid.map({ $0 == declaration.uuid }) ?? true else { continue }
            characteristics.append(
                DiscoveredCharacteristic(
                    uuid: declaration.uuid, declarationHandle: declaration.handle,
                    valueHandle: declaration.valueHandle, properties: declaration.properties, endHandle: endHandle))
        }
        return .finished(characteristics)
    }

    private mutating func fail(_ error: GATTClientError) -> GATTClientStep<[DiscoveredCharacteristic]> {
        state = .done
        return .failed(error)
    }
}
