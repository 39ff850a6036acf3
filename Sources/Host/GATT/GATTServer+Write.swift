import HCI

extension GATTServer {
    /// Answers Write: a value the server keeps is checked and applied, a dynamic one goes to the application.
    ///
    /// Bluetooth Core Specification Vol 3, Part F, 3.4.5.1.
    mutating func write(
        _ request: ATTWriteRequest, from connection: ConnectionHandle
    ) throws(AttributeError)
        -> GATTServerOutcome
    {
        let attribute = try writableAttribute(request.handle, from: connection)
        guard request.value.count <= ATTLimits.maximumValueLength else {
            throw AttributeError(.invalidAttributeValueLength, request.handle)
        }
        guard attribute.value != .application else {
            return try deferToApplication(
                .write([GATTServerRequest.Write(handle: request.handle, offset: 0, value: request.value)]),
                purpose: .write, handle: request.handle, from: connection)
        }
        apply(try serverUpdate(of: attribute, to: request.value, from: connection), for: connection)
        return .respond(.writeResponse(ATTWriteResponse()))
    }

    /// Carries out a Write Command, ignoring every error as the specification asks.
    ///
    /// Bluetooth Core Specification Vol 3, Part F, 3.4.5.3.
    mutating func writeCommand(_ command: ATTWriteCommand, from connection: ConnectionHandle) -> GATTServerOutcome {
        guard let attribute = try? writableAttribute(command.handle, from: connection),
            command.value.count <= ATTLimits.maximumValueLength
        else { return .none }
        guard attribute.value != .application else {
            let write = GATTServerRequest.Write(handle: command.handle, offset: 0, value: command.value)
            return .deferred(
                GATTServerRequest(id: makeRequestID(), connection: connection, kind: .writeWithoutResponse(write)))
        }
        if let update = try? serverUpdate(of: attribute, to: command.value, from: connection) {
            apply(update, for: connection)
        }
        return .none
    }

    /// Queues a part of a value after checking the client may write the attribute, or refuses with
    /// Prepare Queue Full when the connection's queue is at its limit.
    ///
    /// Bluetooth Core Specification Vol 3, Part F, 3.4.6.1.
    mutating func prepareWrite(
        _ request: ATTPrepareWriteRequest, from connection: ConnectionHandle
    )
        throws(AttributeError) -> GATTServerOutcome
    {
        _ = try writableAttribute(request.handle, from: connection)
        let entry = PreparedWriteQueue.Entry(handle: request.handle, offset: Int(request.offset), value: request.value)
        guard connections[connection]?.prepareQueue.append(entry) == true else {
            throw AttributeError(.prepareQueueFull, request.handle)
        }
        return .respond(
            .prepareWriteResponse(
                ATTPrepareWriteResponse(handle: request.handle, offset: request.offset, value: request.value)))
    }

    /// Writes every prepared value or none: all parts are joined and checked first (offsets, lengths,
    /// CCCD values), and any failure discards the whole queue with nothing applied.
    ///
    /// Bluetooth Core Specification Vol 3, Part F, 3.4.6.3.
    mutating func executeWrite(
        _ request: ATTExecuteWriteRequest, from connection: ConnectionHandle
    )
        throws(AttributeError) -> GATTServerOutcome
    {
        switch request.flags {
        case .cancelAll, .writeAll: break
        default: throw AttributeError(.invalidPDU, .invalid)
        }
        let entries = connections[connection]?.prepareQueue.takeAll() ?? []
        guard request.flags == .writeAll, !entries.isEmpty else {
            return .respond(.executeWriteResponse(ATTExecuteWriteResponse()))
        }
        var applicationWrites: [GATTServerRequest.Write] = []
        var serverUpdates: [ServerUpdate] = []
        for joined in try Self.join(entries) {
            guard let attribute = database[joined.handle] else { throw AttributeError(.invalidHandle, joined.handle) }
            switch currentValue(of: attribute, for: connection) {
            case .application:
                guard joined.offset <= ATTLimits.maximumValueLength else {
                    throw AttributeError(.invalidOffset, joined.handle)
                }
                guard joined.offset + joined.value.count <= ATTLimits.maximumValueLength else {
                    throw AttributeError(.invalidAttributeValueLength, joined.handle)
                }
                applicationWrites.append(joined)
            case .bytes(let current):
                guard joined.offset <= current.count else { throw AttributeError(.invalidOffset, joined.handle) }
                let value = Array(current.prefix(joined.offset)) + joined.value
                serverUpdates.append(try serverUpdate(of: attribute, to: value, from: connection))
            }
        }
        guard let firstWrite = applicationWrites.first else {
            for update in serverUpdates { apply(update, for: connection) }
            return .respond(.executeWriteResponse(ATTExecuteWriteResponse()))
        }
        return try deferToApplication(
            .write(applicationWrites), purpose: .executeWrite(serverUpdates: serverUpdates), handle: firstWrite.handle,
            from: connection)
    }

    /// Joins queued parts per attribute, in the order each attribute was first prepared; a part must
    /// start within or right after what the earlier parts for its attribute cover.
    static func join(_ entries: [PreparedWriteQueue.Entry]) throws(AttributeError) -> [GATTServerRequest.Write] {
        var joined: [(handle: AttributeHandle, offset: Int, value: [UInt8])] = []
        var positions: [AttributeHandle: Int] = [:]
        for entry in entries {
            guard let position = positions[entry.handle] else {
                positions[entry.handle] = joined.count
                joined.append((entry.handle, entry.offset, entry.value))
                continue
            }
            let start = entry.offset - joined[position].offset
            guard start >= 0, start <= joined[position].value.count else {
                throw AttributeError(.invalidOffset, entry.handle)
            }
            let end = min(start + entry.value.count, joined[position].value.count)
            joined[position].value.replaceSubrange(start..<end, with: entry.value)
        }
        return joined.map { GATTServerRequest.Write(handle: $0.handle, offset: $0.offset, value: $0.value) }
    }
}
