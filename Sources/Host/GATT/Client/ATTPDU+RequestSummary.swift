extension ATTPDU {
    /// The request as an error message names it: its PDU name and the handles (and offset) it asks about,
    /// e.g. `ATT_READ_BY_GROUP_TYPE_REQ for handles 0x0001-0xFFFF`.
    public var requestSummary: String {
        guard let target else { return opcode.name }
        return "\(opcode.name) for \(target)"
    }

    private var target: String? {
        switch self {
        case .findInformationRequest(let request): Self.range(request.startingHandle, request.endingHandle)
        case .findByTypeValueRequest(let request): Self.range(request.startingHandle, request.endingHandle)
        case .readByTypeRequest(let request): Self.range(request.startingHandle, request.endingHandle)
        case .readByGroupTypeRequest(let request): Self.range(request.startingHandle, request.endingHandle)
        case .readRequest(let request): "handle \(request.handle)"
        case .readBlobRequest(let request): "handle \(request.handle) at offset \(request.offset)"
        case .readMultipleRequest(let request): Self.list(request.handles)
        case .readMultipleVariableRequest(let request): Self.list(request.handles)
        case .writeRequest(let request): "handle \(request.parameters.handle)"
        case .prepareWriteRequest(let request):
            "handle \(request.parameters.handle) at offset \(request.parameters.offset)"
        default: nil
        }
    }

    private static func range(_ first: AttributeHandle, _ last: AttributeHandle) -> String {
        "handles \(first)-\(last)"
    }

    private static func list(_ handles: [AttributeHandle]) -> String {
        "handles " + handles.map(\.description).joined(separator: ", ")
    }
}
