import HCI

extension GATTServer {
    /// Answers Read with the value's first ATT_MTU - 1 bytes, or defers a dynamic value to the application.
    ///
    /// Bluetooth Core Specification Vol 3, Part F, 3.4.4.3.
    mutating func read(
        _ request: ATTReadRequest, from connection: ConnectionHandle
    ) throws(AttributeError)
        -> GATTServerOutcome
    {
        let attribute = try readableAttribute(request.handle, from: connection)
        switch currentValue(of: attribute, for: connection) {
        case .bytes(let value):
            return .respond(.readResponse(ATTReadResponse(value: value.cut(to: mtu(connection) - 1))))
        case .application:
            return try deferToApplication(
                .read([GATTServerRequest.Read(handle: request.handle, offset: 0)]), purpose: .read,
                handle: request.handle, from: connection)
        }
    }

    /// Answers Read Blob with up to ATT_MTU - 1 bytes from the offset.
    ///
    /// An offset past the end is Invalid Offset; a value that fits in one Read Response is Attribute Not Long.
    /// A dynamic value goes to the application with the offset.
    ///
    /// Bluetooth Core Specification Vol 3, Part F, 3.4.4.5.
    mutating func readBlob(
        _ request: ATTReadBlobRequest, from connection: ConnectionHandle
    ) throws(AttributeError)
        -> GATTServerOutcome
    {
        let attribute = try readableAttribute(request.handle, from: connection)
        let offset = Int(request.offset)
        let mtu = mtu(connection)
        switch currentValue(of: attribute, for: connection) {
        case .bytes(let value):
            guard offset <= value.count else { throw AttributeError(.invalidOffset, request.handle) }
            guard value.count > mtu - 1 else { throw AttributeError(.attributeNotLong, request.handle) }
            return .respond(.readBlobResponse(ATTReadBlobResponse(value: Array(value[offset...].prefix(mtu - 1)))))
        case .application:
            return try deferToApplication(
                .read([GATTServerRequest.Read(handle: request.handle, offset: offset)]), purpose: .readBlob,
                handle: request.handle, from: connection)
        }
    }

    /// Answers Read Multiple or Read Multiple Variable; every handle must be readable, and dynamic values
    /// go to the application in one request.
    ///
    /// Bluetooth Core Specification Vol 3, Part F, 3.4.4.7 and 3.4.4.11.
    mutating func readMultiple(
        _ handles: [AttributeHandle], variable: Bool, from connection: ConnectionHandle
    )
        throws(AttributeError) -> GATTServerOutcome
    {
        var slots: [PendingRequest.ReadSlot] = []
        var reads: [GATTServerRequest.Read] = []
        for handle in handles {
            let attribute = try readableAttribute(handle, from: connection)
            switch currentValue(of: attribute, for: connection) {
            case .bytes(let value):
                slots.append(.known(value))
            case .application:
                slots.append(.application(reads.count))
                reads.append(GATTServerRequest.Read(handle: handle, offset: 0))
            }
        }
        guard let firstRead = reads.first else {
            let values = slots.map { slot in
                if case .known(let value) = slot { return value }
                return []
            }
            return .respond(Self.readMultipleResponse(values, variable: variable, mtu: mtu(connection)))
        }
        return try deferToApplication(
            .read(reads), purpose: .readMultiple(slots: slots, variable: variable), handle: firstRead.handle,
            from: connection)
    }

    /// The Read Multiple (Variable) Response for `values`, cut to ATT_MTU - 1 bytes.
    ///
    /// Bluetooth Core Specification Vol 3, Part F, 3.4.4.8 and 3.4.4.12.
    static func readMultipleResponse(_ values: [[UInt8]], variable: Bool, mtu: Int) -> ATTPDU {
        let room = mtu - 1
        guard variable else {
            return .readMultipleResponse(ATTReadMultipleResponse(setOfValues: Array(values.joined().prefix(room))))
        }
        var tuples: [ATTReadMultipleVariableResponse.LengthValueTuple] = []
        var left = room
        for value in values {
            guard left >= 2 else { break }
            let part = value.cut(to: left - 2)
            tuples.append(
                ATTReadMultipleVariableResponse.LengthValueTuple(valueLength: UInt16(value.count), value: part))
            left -= 2 + part.count
            if part.count < value.count { break }
        }
        return .readMultipleVariableResponse(ATTReadMultipleVariableResponse(tuples: tuples))
    }
}
