import HCI
import Host

/// A small in-memory ATT server that answers the GATT client's requests the way the spec packs responses.
///
/// It exists to drive the client procedures over realistic databases (many services, long values)
/// without hand-writing every response; hand-built PDUs cover the exact exchanges elsewhere.
struct GATTClientTestServer {
    struct Attribute {
        let handle: AttributeHandle
        let type: BluetoothUUID
        var value: [UInt8]
        var groupEnd: AttributeHandle?
    }

    let mtu: Int
    private(set) var attributes: [Attribute] = []
    /// Handles whose reads are refused with Read Not Permitted.
    var unreadable: Set<AttributeHandle> = []
    /// Changes a Prepare Write Response's echo, to play a corrupting link.
    var corruptEcho: ((ATTPrepareWriteRequest) -> ATTPrepareWriteRequest)?
    private(set) var preparedWrites: [ATTPrepareWriteRequest] = []
    private(set) var executedCancel = false

    init(mtu: Int) {
        self.mtu = mtu
    }

    var lastHandle: AttributeHandle { attributes.last?.handle ?? .invalid }

    private var nextHandle: AttributeHandle { AttributeHandle(rawValue: lastHandle.rawValue + 1) }

    /// Appends an attribute to the last service, whose group then ends at it.
    private mutating func add(_ type: BluetoothUUID, _ value: [UInt8]) -> AttributeHandle {
        let handle = nextHandle
        attributes.append(Attribute(handle: handle, type: type, value: value))
        if let index = attributes.lastIndex(where: { $0.groupEnd != nil }) {
            attributes[index].groupEnd = handle
        }
        return handle
    }

    @discardableResult
    mutating func addService(_ uuid: BluetoothUUID, primary: Bool = true) -> AttributeHandle {
        let handle = nextHandle
        attributes.append(
            Attribute(
                handle: handle, type: BluetoothUUID(uuid16: primary ? 0x2800 : 0x2801), value: wire(uuid),
                groupEnd: handle))
        return handle
    }

    /// Adds an include declaration for the service declared at `service`.
    @discardableResult
    mutating func addInclude(of service: AttributeHandle) -> AttributeHandle {
        guard let declaration = attributes.first(where: { $0.handle == service }), let end = declaration.groupEnd else {
            preconditionFailure("no service at \(service)")
        }
        var value = wire(service.rawValue) + wire(end.rawValue)
        if declaration.value.count == 2 { value += declaration.value }
        return add(BluetoothUUID(uuid16: 0x2802), value)
    }

    /// Adds a characteristic declaration and value; returns the value handle.
    @discardableResult
    mutating func addCharacteristic(
        _ uuid: BluetoothUUID, properties: UInt8 = 0x02, value: [UInt8] = []
    )
        -> AttributeHandle
    {
        _ = add(BluetoothUUID(uuid16: 0x2803), [])
        let valueHandle = nextHandle
        attributes[attributes.count - 1].value = [properties] + wire(valueHandle.rawValue) + wire(uuid)
        return add(uuid, value)
    }

    @discardableResult
    mutating func addDescriptor(_ uuid: BluetoothUUID, value: [UInt8] = []) -> AttributeHandle {
        add(uuid, value)
    }

    /// Makes the last service's group run to 0xFFFF, as a server may for its last service.
    mutating func extendLastGroupToEnd() {
        guard let index = attributes.lastIndex(where: { $0.groupEnd != nil }) else { return }
        attributes[index].groupEnd = .max
    }

    func value(at handle: AttributeHandle) -> [UInt8]? {
        attributes.first { $0.handle == handle }?.value
    }

    private func wire(_ uuid: BluetoothUUID) -> [UInt8] {
        var writer = ByteWriter()
        uuid.encode(into: &writer)
        return writer.bytes
    }

    private func wire(_ value: UInt16) -> [UInt8] {
        [UInt8(truncatingIfNeeded: value), UInt8(value >> 8)]
    }

    private func error(_ request: ATTOpcode, _ handle: AttributeHandle, _ code: ATTErrorCode) -> ATTPDU {
        .errorResponse(ATTErrorResponse(requestOpcode: request, handle: handle, error: code))
    }

    private func inRange(_ start: AttributeHandle, _ end: AttributeHandle) -> [Attribute]? {
        guard start.isValid, start <= end else { return nil }
        return attributes.filter { $0.handle >= start && $0.handle <= end }
    }

    /// Takes the longest run of entries of the first entry's size that fits in a response of `room` bytes.
    private func pack<T>(_ items: [T], size: (T) -> Int, room: Int) -> [T] {
        guard let first = items.first else { return [] }
        let entrySize = size(first)
        let run = items.prefix { size($0) == entrySize }
        return Array(run.prefix(max(1, room / entrySize)))
    }

    mutating func answer(_ request: ATTPDU) -> ATTPDU {
        switch request {
        case .readByGroupTypeRequest(let request):
            guard let candidates = inRange(request.startingHandle, request.endingHandle) else {
                return error(.readByGroupTypeRequest, request.startingHandle, .invalidHandle)
            }
            let groups = candidates.filter { $0.type == request.attributeGroupType && $0.groupEnd != nil }
            let packed = pack(groups, size: { 4 + $0.value.count }, room: mtu - 2)
            guard !packed.isEmpty else {
                return error(.readByGroupTypeRequest, request.startingHandle, .attributeNotFound)
            }
            return .readByGroupTypeResponse(
                ATTReadByGroupTypeResponse(
                    attributeData: packed.map {
                        .init(handle: $0.handle, endGroupHandle: $0.groupEnd ?? $0.handle, value: $0.value)
                    }))
        case .findByTypeValueRequest(let request):
            guard let candidates = inRange(request.startingHandle, request.endingHandle) else {
                return error(.findByTypeValueRequest, request.startingHandle, .invalidHandle)
            }
            let found = candidates.filter {
                $0.type == BluetoothUUID(uuid16: request.attributeType) && $0.value == request.attributeValue
            }
            let packed = Array(found.prefix((mtu - 1) / 4))
            guard !packed.isEmpty else {
                return error(.findByTypeValueRequest, request.startingHandle, .attributeNotFound)
            }
            return .findByTypeValueResponse(
                ATTFindByTypeValueResponse(
                    handlesInformation: packed.map {
                        .init(foundAttributeHandle: $0.handle, groupEndHandle: $0.groupEnd ?? $0.handle)
                    }))
        case .readByTypeRequest(let request):
            guard let candidates = inRange(request.startingHandle, request.endingHandle) else {
                return error(.readByTypeRequest, request.startingHandle, .invalidHandle)
            }
            let maximum = min(mtu - 4, ATTReadByTypeResponse.maximumValueLength)
            let found = candidates.filter { $0.type == request.attributeType }.map {
                ATTReadByTypeResponse.AttributeData(handle: $0.handle, value: Array($0.value.prefix(maximum)))
            }
            let packed = pack(found, size: { 2 + $0.value.count }, room: mtu - 2)
            guard !packed.isEmpty else { return error(.readByTypeRequest, request.startingHandle, .attributeNotFound) }
            if unreadable.contains(packed[0].handle) {
                return error(.readByTypeRequest, packed[0].handle, .readNotPermitted)
            }
            return .readByTypeResponse(ATTReadByTypeResponse(attributeData: packed))
        case .findInformationRequest(let request):
            guard let candidates = inRange(request.startingHandle, request.endingHandle) else {
                return error(.findInformationRequest, request.startingHandle, .invalidHandle)
            }
            let packed = pack(candidates, size: { 2 + ($0.type.uuid16 == nil ? 16 : 2) }, room: mtu - 2)
            guard let first = packed.first else {
                return error(.findInformationRequest, request.startingHandle, .attributeNotFound)
            }
            return .findInformationResponse(
                ATTFindInformationResponse(
                    format: .init(for: first.type), entries: packed.map { .init(handle: $0.handle, uuid: $0.type) }))
        case .readRequest(let request):
            guard let value = value(at: request.handle) else {
                return error(.readRequest, request.handle, .invalidHandle)
            }
            guard !unreadable.contains(request.handle) else {
                return error(.readRequest, request.handle, .readNotPermitted)
            }
            return .readResponse(ATTReadResponse(value: Array(value.prefix(mtu - 1))))
        case .readBlobRequest(let request):
            guard let value = value(at: request.handle) else {
                return error(.readBlobRequest, request.handle, .invalidHandle)
            }
            let offset = Int(request.offset)
            guard offset <= value.count else { return error(.readBlobRequest, request.handle, .invalidOffset) }
            return .readBlobResponse(
                ATTReadBlobResponse(value: Array(value[offset..<min(value.count, offset + mtu - 1)])))
        case .readMultipleRequest(let request):
            var values: [UInt8] = []
            for handle in request.handles {
                guard let value = value(at: handle) else { return error(.readMultipleRequest, handle, .invalidHandle) }
                values += value
            }
            return .readMultipleResponse(ATTReadMultipleResponse(setOfValues: Array(values.prefix(mtu - 1))))
        case .writeRequest(let request):
            guard let index = attributes.firstIndex(where: { $0.handle == request.handle }) else {
                return error(.writeRequest, request.handle, .invalidHandle)
            }
            attributes[index].value = request.value
            return .writeResponse(ATTWriteResponse())
        case .prepareWriteRequest(let request):
            guard value(at: request.handle) != nil else {
                return error(.prepareWriteRequest, request.handle, .invalidHandle)
            }
            preparedWrites.append(request)
            let echo = corruptEcho?(request) ?? request
            return .prepareWriteResponse(
                ATTPrepareWriteResponse(handle: echo.handle, offset: echo.offset, value: echo.value))
        case .executeWriteRequest(let request):
            defer { preparedWrites = [] }
            guard request.flags == .writeAll else {
                executedCancel = true
                return .executeWriteResponse(ATTExecuteWriteResponse())
            }
            for write in preparedWrites {
                guard let index = attributes.firstIndex(where: { $0.handle == write.handle }) else { continue }
                var value = attributes[index].value
                let offset = Int(write.offset)
                guard offset <= value.count else {
                    return error(.executeWriteRequest, write.handle, .invalidOffset)
                }
                value.replaceSubrange(offset..<min(value.count, offset + write.value.count), with: write.value)
                attributes[index].value = value
            }
            return .executeWriteResponse(ATTExecuteWriteResponse())
        default:
            return error(request.opcode, .invalid, .requestNotSupported)
        }
    }
}
