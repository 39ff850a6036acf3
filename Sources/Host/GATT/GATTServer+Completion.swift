import HCI

extension GATTServer {
    /// Takes the application's answer to a deferred request and returns the response to send, or nil when
    /// the request is unknown (already answered, a Write Command, or its connection is gone).
    ///
    /// An answer that does not fit the request (a count of values that does not match, values for a write)
    /// gives Unlikely Error. Answering an Execute Write applies the server's own values with it, or drops them.
    public mutating func complete(
        id: GATTServerRequest.ID, result answer: GATTServerRequest.Answer
    )
        -> (connection: ConnectionHandle, response: ATTPDU)?
    {
        guard let pending = pendingRequests.removeValue(forKey: id), connections[pending.connection] != nil else {
            return nil
        }
        let connection = pending.connection
        let mtu = mtu(connection)
        let response: ATTPDU
        switch (pending.purpose, answer) {
        case (_, .error(let code, let handle)):
            response = Self.errorResponse(pending.requestOpcode, AttributeError(code, handle ?? pending.handle))
        case (.read, .values(let values)) where values.count == 1:
            response = .readResponse(ATTReadResponse(value: values[0].cut(to: mtu - 1)))
        case (.readBlob, .values(let values)) where values.count == 1:
            response = .readBlobResponse(ATTReadBlobResponse(value: values[0].cut(to: mtu - 1)))
        case (.readByType, .values(let values)) where values.count == 1:
            let value = values[0].cut(to: Self.longestReadByTypeValue(mtu: mtu))
            response = .readByTypeResponse(
                ATTReadByTypeResponse(attributeData: [.init(handle: pending.handle, value: value)]))
        case (.readMultiple(let slots, let variable), .values(let values))
        where values.count == slots.count(where: { if case .application = $0 { true } else { false } }):
            let joined = slots.map { slot in
                switch slot {
                case .known(let value): value
                case .application(let index): Array(values[index].prefix(ATTLimits.maximumValueLength))
                }
            }
            response = Self.readMultipleResponse(joined, variable: variable, mtu: mtu)
        case (.write, .written):
            response = .writeResponse(ATTWriteResponse())
        case (.executeWrite(let updates), .written):
            for update in updates { apply(update, for: connection) }
            response = .executeWriteResponse(ATTExecuteWriteResponse())
        default:
            response = Self.errorResponse(pending.requestOpcode, AttributeError(.unlikelyError, pending.handle))
        }
        return (connection, response)
    }
}
