import HCI

extension GATTServer {
    /// The handles from `start` to `end`, if they make a valid range.
    ///
    /// Bluetooth Core Specification Vol 3, Part F, 3.4.3.1: a start of 0x0000 or above the end is Invalid Handle.
    func checkedRange(
        _ start: AttributeHandle, _ end: AttributeHandle
    ) throws(AttributeError)
        -> ClosedRange<AttributeHandle>
    {
        guard start.isValid, start <= end else { throw AttributeError(.invalidHandle, start) }
        return start...end
    }

    /// Answers Find Information with as many handle-type pairs of the first pair's UUID size as fit.
    ///
    /// Bluetooth Core Specification Vol 3, Part F, 3.4.3.1 and 3.4.3.2.
    func findInformation(
        _ request: ATTFindInformationRequest, from connection: ConnectionHandle
    )
        throws(AttributeError) -> ATTPDU
    {
        let range = try checkedRange(request.startingHandle, request.endingHandle)
        let found = database.attributes(in: range)
        guard let first = found.first else { throw AttributeError(.attributeNotFound, request.startingHandle) }
        let format = ATTFindInformationResponse.Format(for: first.type)
        let limit = (mtu(connection) - 2) / (2 + format.uuidByteCount)
        var entries: [ATTFindInformationResponse.Entry] = []
        for attribute in found {
            guard entries.count < limit, ATTFindInformationResponse.Format(for: attribute.type) == format else { break }
            entries.append(ATTFindInformationResponse.Entry(handle: attribute.handle, uuid: attribute.type))
        }
        return .findInformationResponse(ATTFindInformationResponse(format: format, entries: entries))
    }

    /// Answers Find By Type Value with the readable attributes of that type and value, each with its group end.
    ///
    /// Bluetooth Core Specification Vol 3, Part F, 3.4.3.3 and 3.4.3.4.
    func findByTypeValue(
        _ request: ATTFindByTypeValueRequest, from connection: ConnectionHandle
    )
        throws(AttributeError) -> ATTPDU
    {
        let range = try checkedRange(request.startingHandle, request.endingHandle)
        let type = BluetoothUUID(uuid16: request.attributeType)
        let limit = (mtu(connection) - 1) / 4
        var matches: [ATTFindByTypeValueResponse.HandlesInformation] = []
        for attribute in database.attributes(in: range) where attribute.type == type {
            guard refusal(of: .read, to: attribute, from: connection) == nil,
                currentValue(of: attribute, for: connection) == .bytes(request.attributeValue)
            else { continue }
            matches.append(
                ATTFindByTypeValueResponse.HandlesInformation(
                    foundAttributeHandle: attribute.handle, groupEndHandle: attribute.groupEndHandle ?? attribute.handle
                ))
            if matches.count == limit { break }
        }
        guard !matches.isEmpty else { throw AttributeError(.attributeNotFound, request.startingHandle) }
        return .findByTypeValueResponse(ATTFindByTypeValueResponse(handlesInformation: matches))
    }

    /// Answers Read By Group Type for primary or secondary services with as many same-length entries as fit.
    ///
    /// Bluetooth Core Specification Vol 3, Part F, 3.4.4.9 and 3.4.4.10.
    func readByGroupType(
        _ request: ATTReadByGroupTypeRequest, from connection: ConnectionHandle
    )
        throws(AttributeError) -> ATTPDU
    {
        let range = try checkedRange(request.startingHandle, request.endingHandle)
        let type = request.attributeGroupType
        guard type == .primaryService || type == .secondaryService else {
            throw AttributeError(.unsupportedGroupType, request.startingHandle)
        }
        let mtu = mtu(connection)
        let longest = min(ATTReadByGroupTypeResponse.maximumValueLength, mtu - 6)
        var entries: [ATTReadByGroupTypeResponse.AttributeData] = []
        var length = 0
        for attribute in database.attributes(in: range) where attribute.type == type {
            guard case .fixed(let bytes) = attribute.value else { continue }
            let value = Array(bytes.prefix(longest))
            if entries.isEmpty {
                length = value.count
            } else if value.count != length || entries.count == (mtu - 2) / (4 + length) {
                break
            }
            entries.append(
                ATTReadByGroupTypeResponse.AttributeData(
                    handle: attribute.handle, endGroupHandle: attribute.groupEndHandle ?? attribute.handle,
                    value: value))
        }
        guard !entries.isEmpty else { throw AttributeError(.attributeNotFound, request.startingHandle) }
        return .readByGroupTypeResponse(ATTReadByGroupTypeResponse(attributeData: entries))
    }

    /// Answers Read By Type with as many same-length handle-value pairs as fit, stopping before the first
    /// attribute that cannot be read or whose value the application holds; a first such value is deferred.
    ///
    /// Bluetooth Core Specification Vol 3, Part F, 3.4.4.1 and 3.4.4.2.
    mutating func readByType(
        _ request: ATTReadByTypeRequest, from connection: ConnectionHandle
    )
        throws(AttributeError) -> GATTServerOutcome
    {
        let range = try checkedRange(request.startingHandle, request.endingHandle)
        let matches = database.attributes(in: range).filter { $0.type == request.attributeType }
        guard let first = matches.first else { throw AttributeError(.attributeNotFound, request.startingHandle) }
        if let refusal = refusal(of: .read, to: first, from: connection) { throw AttributeError(refusal, first.handle) }
        guard case .bytes(let firstValue) = currentValue(of: first, for: connection) else {
            return try deferToApplication(
                .read([GATTServerRequest.Read(handle: first.handle, offset: 0)]), purpose: .readByType,
                handle: first.handle, from: connection)
        }
        let mtu = mtu(connection)
        let longest = Self.longestReadByTypeValue(mtu: mtu)
        let length = min(firstValue.count, longest)
        let limit = (mtu - 2) / (2 + length)
        var pairs = [ATTReadByTypeResponse.AttributeData(handle: first.handle, value: Array(firstValue.prefix(length)))]
        for attribute in matches.dropFirst() {
            guard pairs.count < limit, refusal(of: .read, to: attribute, from: connection) == nil,
                case .bytes(let value) = currentValue(of: attribute, for: connection),
                min(value.count, longest) == length
            else { break }
            pairs.append(
                ATTReadByTypeResponse.AttributeData(handle: attribute.handle, value: value.cut(to: length)))
        }
        return .respond(.readByTypeResponse(ATTReadByTypeResponse(attributeData: pairs)))
    }

    /// The longest value a Read By Type pair carries: ATT_MTU - 4, or 253.
    static func longestReadByTypeValue(mtu: Int) -> Int {
        min(ATTReadByTypeResponse.maximumValueLength, mtu - 4)
    }
}
