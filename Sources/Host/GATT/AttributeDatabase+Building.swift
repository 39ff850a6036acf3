import HCI

extension AttributeDatabase {
    /// Lays out `definitions` in order, handles counting up from `startHandle`.
    ///
    /// A service may include one defined before or after it; include cycles are refused.
    public init(
        services definitions: [ServiceDefinition], startHandle: AttributeHandle = .min
    )
        throws(AttributeDatabaseError)
    {
        precondition(startHandle.isValid, "handle 0x0000 names no attribute")
        self.attributes = []
        self.services = []
        self.startHandle = startHandle
        var ids: Set<ServiceDefinition.ID> = []
        for definition in definitions {
            if let id = definition.id, !ids.insert(id).inserted { throw .duplicateServiceID(id) }
        }
        var ranges: [ClosedRange<AttributeHandle>] = []
        var next = Int(startHandle.rawValue)
        for definition in definitions {
            let range = try Self.handles(from: next, count: definition.attributeCount)
            ranges.append(range)
            next = Int(range.upperBound.rawValue) + 1
        }
        var includes: [[Int]] = []
        for definition in definitions {
            var targets: [Int] = []
            for reference in definition.includedServices {
                let index = definitions.firstIndex { service in
                    switch reference {
                    case .id(let id): service.id == id
                    case .uuid(let uuid): service.uuid == uuid
                    }
                }
                guard let index else { throw .unknownIncludedService(reference) }
                targets.append(index)
            }
            includes.append(targets)
        }
        if let cyclic = Self.firstServiceInCycle(includes) { throw .circularInclude(definitions[cyclic].uuid) }
        for (index, definition) in definitions.enumerated() {
            let targets = includes[index].map { IncludeTarget(handles: ranges[$0], uuid: definitions[$0].uuid) }
            let (laidOut, layout) = try Self.layOut(definition, at: ranges[index].lowerBound, including: targets)
            attributes += laidOut
            services.append(layout)
        }
    }

    /// Lays out the Generic Access and Generic Attribute services, then `definitions`, from handle 0x0001.
    public init(
        deviceName: String, appearance: UInt16 = 0, services definitions: [ServiceDefinition]
    )
        throws(AttributeDatabaseError)
    {
        try self.init(
            services: [.genericAccess(deviceName: deviceName, appearance: appearance), .genericAttribute]
                + definitions)
    }

    /// Adds a service after the last handle in use; it may include services already in the database.
    @discardableResult
    public mutating func add(_ definition: ServiceDefinition) throws(AttributeDatabaseError) -> ServiceLayout {
        if let id = definition.id, services.contains(where: { $0.id == id }) { throw .duplicateServiceID(id) }
        let start = attributes.last.map { Int($0.handle.rawValue) + 1 } ?? Int(startHandle.rawValue)
        let range = try Self.handles(from: start, count: definition.attributeCount)
        var targets: [IncludeTarget] = []
        for reference in definition.includedServices {
            let found = services.first { service in
                switch reference {
                case .id(let id): service.id == id
                case .uuid(let uuid): service.uuid == uuid
                }
            }
            guard let found else { throw .unknownIncludedService(reference) }
            targets.append(IncludeTarget(handles: found.handles, uuid: found.uuid))
        }
        let (laidOut, layout) = try Self.layOut(definition, at: range.lowerBound, including: targets)
        attributes += laidOut
        services.append(layout)
        return layout
    }

    /// Removes the service declared at `declarationHandle`; the handles of the others stay as they are.
    ///
    /// - Returns: The removed service, or nil when no service starts at that handle.
    @discardableResult
    public mutating func removeService(
        at declarationHandle: AttributeHandle
    ) throws(AttributeDatabaseError)
        -> ServiceLayout?
    {
        guard let index = services.firstIndex(where: { $0.handles.lowerBound == declarationHandle }) else {
            return nil
        }
        let removed = services[index]
        if services.contains(where: { $0.includedServices.contains(declarationHandle) }) {
            throw .serviceIsIncluded(removed.uuid)
        }
        services.remove(at: index)
        attributes.removeAll { removed.handles.contains($0.handle) }
        return removed
    }

    private struct IncludeTarget {
        var handles: ClosedRange<AttributeHandle>
        var uuid: BluetoothUUID
    }

    private static func handles(
        from start: Int, count: Int
    ) throws(AttributeDatabaseError)
        -> ClosedRange<AttributeHandle>
    {
        let last = start + count - 1
        guard last <= Int(UInt16.max) else { throw .handleSpaceExhausted }
        return AttributeHandle(rawValue: UInt16(start))...AttributeHandle(rawValue: UInt16(last))
    }

    private static func firstServiceInCycle(_ includes: [[Int]]) -> Int? {
        var state = [UInt8](repeating: 0, count: includes.count)
        func visit(_ node: Int) -> Bool {
            state[node] = 1
            for next in includes[node] {
                if state[next] == 1 { return true }
                if state[next] == 0 && visit(next) { return true }
            }
            state[node] = 2
            return false
        }
        for node in includes.indices where state[node] == 0 {
            if visit(node) { return node }
        }
        return nil
    }

    private static func layOut(
        _ definition: ServiceDefinition, at start: AttributeHandle, including targets: [IncludeTarget]
    ) throws(AttributeDatabaseError) -> ([Attribute], ServiceLayout) {
        let end = AttributeHandle(rawValue: UInt16(Int(start.rawValue) + definition.attributeCount - 1))
        var attributes: [Attribute] = []
        var next = Int(start.rawValue)
        func take() -> AttributeHandle {
            defer { next += 1 }
            return AttributeHandle(rawValue: UInt16(next))
        }

        var declaration = ByteWriter()
        definition.uuid.attributeForm.encode(into: &declaration)
        attributes.append(
            Attribute(
                handle: take(), type: definition.isPrimary ? .primaryService : .secondaryService,
                permissions: .readable, value: .fixed(declaration.bytes), groupEndHandle: end))

        for target in targets {
            var value = ByteWriter()
            target.handles.lowerBound.encode(into: &value)
            target.handles.upperBound.encode(into: &value)
            if let short = target.uuid.uuid16 { value.write(short) }
            attributes.append(
                Attribute(handle: take(), type: .include, permissions: .readable, value: .fixed(value.bytes)))
        }

        var characteristics: [CharacteristicLayout] = []
        for characteristic in definition.characteristics {
            try validate(characteristic)
            let declarationHandle = take()
            let valueHandle = take()
            var properties = characteristic.properties
            if characteristic.hasExtendedPropertiesDescriptor { properties.insert(.extendedProperties) }
            var value = ByteWriter()
            value.write(properties.declarationOctet)
            valueHandle.encode(into: &value)
            characteristic.uuid.attributeForm.encode(into: &value)
            attributes.append(
                Attribute(
                    handle: declarationHandle, type: .characteristic, permissions: .readable,
                    value: .fixed(value.bytes)))
            attributes.append(
                Attribute(
                    handle: valueHandle, type: characteristic.uuid.attributeForm,
                    permissions: characteristic.permissions,
                    value: valueSource(of: characteristic, in: definition)))

            var descriptors: [DescriptorLayout] = []
            var clientConfigurationHandle: AttributeHandle?
            if characteristic.hasClientConfiguration {
                let handle = take()
                clientConfigurationHandle = handle
                var permissions: AttributePermissions = [.readable, .writeable]
                if properties.clientConfigurationNeedsEncryption { permissions.insert(.writeEncryptionRequired) }
                attributes.append(
                    Attribute(
                        handle: handle, type: .clientCharacteristicConfiguration, permissions: permissions,
                        value: .clientConfiguration(
                            valueHandle: valueHandle, allowed: properties.allowedClientConfiguration)))
                descriptors.append(DescriptorLayout(uuid: .clientCharacteristicConfiguration, handle: handle))
            }
            if characteristic.hasExtendedPropertiesDescriptor {
                let handle = take()
                attributes.append(
                    Attribute(
                        handle: handle, type: .characteristicExtendedProperties, permissions: .readable,
                        value: .fixed(characteristic.effectiveExtendedProperties.encoded)))
                descriptors.append(DescriptorLayout(uuid: .characteristicExtendedProperties, handle: handle))
            }
            for descriptor in characteristic.descriptors {
                let handle = take()
                let source: Attribute.Value =
                    switch descriptor.value {
                    case .static(let bytes): .fixed(bytes)
                    case .dynamic: .application
                    }
                attributes.append(
                    Attribute(
                        handle: handle, type: descriptor.uuid.attributeForm, permissions: descriptor.permissions,
                        value: source))
                descriptors.append(DescriptorLayout(uuid: descriptor.uuid, handle: handle))
            }
            characteristics.append(
                CharacteristicLayout(
                    uuid: characteristic.uuid, properties: properties, declarationHandle: declarationHandle,
                    valueHandle: valueHandle, clientConfigurationHandle: clientConfigurationHandle,
                    descriptors: descriptors,
                    handles: declarationHandle...AttributeHandle(rawValue: UInt16(next - 1))))
        }

        let layout = ServiceLayout(
            id: definition.id, uuid: definition.uuid, isPrimary: definition.isPrimary, handles: start...end,
            includedServices: targets.map(\.handles.lowerBound), characteristics: characteristics)
        return (attributes, layout)
    }

    private static func valueSource(
        of characteristic: CharacteristicDefinition, in service: ServiceDefinition
    ) -> Attribute.Value {
        switch characteristic.value {
        case .static(let bytes):
            return .fixed(bytes)
        case .dynamic:
            guard service.uuid == .genericAttributeService else { return .application }
            switch characteristic.uuid {
            case .serviceChanged: return .serviceChanged
            case .clientSupportedFeatures: return .clientSupportedFeatures
            case .databaseHash: return .databaseHash
            default: return .application
            }
        }
    }

    private static func validate(_ characteristic: CharacteristicDefinition) throws(AttributeDatabaseError) {
        let updates: CharacteristicProperties = [
            .write, .writeWithoutResponse, .authenticatedSignedWrites, .notify, .indicate,
            .notifyEncryptionRequired, .indicateEncryptionRequired,
        ]
        try validate(
            characteristic.value, permissions: characteristic.permissions, uuid: characteristic.uuid,
            changes: !characteristic.properties.isDisjoint(with: updates))
        for descriptor in characteristic.descriptors {
            guard descriptor.uuid != .clientCharacteristicConfiguration,
                descriptor.uuid != .characteristicExtendedProperties
            else { throw .reservedDescriptor(descriptor.uuid) }
            try validate(descriptor.value, permissions: descriptor.permissions, uuid: descriptor.uuid, changes: false)
        }
    }

    private static func validate(
        _ value: AttributeValue, permissions: AttributePermissions, uuid: BluetoothUUID, changes: Bool
    ) throws(AttributeDatabaseError) {
        guard case .static(let bytes) = value else { return }
        guard bytes.count <= ATTLimits.maximumValueLength else { throw .valueTooLong(uuid) }
        guard !changes, permissions.isDisjoint(with: .anyWrite) else { throw .staticValueNotReadOnly(uuid) }
    }
}
