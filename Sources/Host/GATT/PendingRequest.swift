import HCI

/// A request the GATT server handed to the application, with what it needs to build the response.
struct PendingRequest: Sendable {
    /// One value of a Read Multiple: known to the server, or the n-th value the application reads.
    enum ReadSlot: Sendable {
        case known([UInt8])
        case application(Int)
    }

    /// The request that was deferred, and what the response needs.
    enum Purpose: Sendable {
        case read
        case readBlob
        case readByType
        case readMultiple(slots: [ReadSlot], variable: Bool)
        case write
        case executeWrite(serverUpdates: [ServerUpdate])
    }

    let connection: ConnectionHandle
    let purpose: Purpose
    /// The handle an Error Response names when the application does not name one.
    let handle: AttributeHandle

    /// The opcode of the request that was deferred.
    var requestOpcode: ATTOpcode {
        switch purpose {
        case .read: .readRequest
        case .readBlob: .readBlobRequest
        case .readByType: .readByTypeRequest
        case .readMultiple(_, let variable): variable ? .readMultipleVariableRequest : .readMultipleRequest
        case .write: .writeRequest
        case .executeWrite: .executeWriteRequest
        }
    }
}

/// A change to a value the server keeps itself, checked before it is applied.
enum ServerUpdate: Hashable, Sendable {
    case clientConfiguration(valueHandle: AttributeHandle, ClientCharacteristicConfiguration)
    case clientFeatures(ClientSupportedFeatures)
}
