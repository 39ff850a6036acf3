import CoreBluetooth

extension AttributeTree {
    /// The attribute an address names and, when the address fits several, the names of the others it did not pick.
    struct Resolution: Sendable {
        var location: AttributeLocation
        var others: [String]
    }

    /// The attribute `address` names: the first that fits, in explore's order. Fails, listing what there is, when
    /// nothing fits, or when a UUID pair fits both a service's characteristic and a characteristic's descriptor.
    func resolve(_ address: AttributeAddress) throws -> Resolution {
        let found: [Entry]
        switch address {
        case .handle(let handle):
            found = entries.filter { $0.handles.contains(handle) }
        case .path(let segments) where segments.count == 2:
            let characteristics = entries.filter { Self.isCharacteristic($0, serviceAndCharacteristic: segments) }
            let descriptors = entries.filter { Self.isDescriptor($0, characteristicAndDescriptor: segments) }
            if let characteristic = characteristics.first, let descriptor = descriptors.first {
                throw CommandFailure(
                    "\(address) names both the characteristic \(characteristic.location.name) and the descriptor "
                        + "\(descriptor.location.name); write the whole path")
            }
            found = characteristics + descriptors
        case .path(let segments):
            found = entries.filter { Self.matches($0, segments) }
        }
        guard let first = found.first else { throw CommandFailure(notFound(address)) }
        return Resolution(location: first.location, others: found.dropFirst().map(\.location.name))
    }

    /// Whether a one-UUID path (a characteristic, `#N` counted in the whole tree) or a three-UUID path (service,
    /// characteristic, descriptor) names `entry`.
    private static func matches(_ entry: Entry, _ segments: [AttributeAddress.Segment]) -> Bool {
        if segments.count == 1 {
            return entry.location.descriptor == nil && entry.uuids[1] == segments[0].uuid
                && segments[0].instance.map { $0 == entry.treeInstance } ?? true
        }
        return entry.location.descriptor != nil && fits(entry, segments)
    }

    private static func isCharacteristic(
        _ entry: Entry, serviceAndCharacteristic segments: [AttributeAddress.Segment]
    )
        -> Bool
    {
        entry.location.descriptor == nil && fits(entry, segments)
    }

    /// Whether each segment names the UUID of `entry`'s path at its place, and its instance among its siblings.
    private static func fits(_ entry: Entry, _ segments: [AttributeAddress.Segment]) -> Bool {
        zip(segments, zip(entry.uuids, entry.instances)).allSatisfy { segment, attribute in
            segment.uuid == attribute.0 && segment.instance.map { $0 == attribute.1 } ?? true
        }
    }

    private static func isDescriptor(
        _ entry: Entry, characteristicAndDescriptor segments: [AttributeAddress.Segment]
    )
        -> Bool
    {
        entry.location.descriptor != nil && entry.uuids[1] == segments[0].uuid
            && segments[0].instance.map { $0 == entry.treeInstance } ?? true
            && entry.uuids[2] == segments[1].uuid && segments[1].instance.map { $0 == entry.instances[2] } ?? true
    }

    /// "no characteristic …; the characteristics are …": what was not found and what there is.
    private func notFound(_ address: AttributeAddress) -> String {
        let characteristics = listing(descriptors: false)
        let descriptors = listing(descriptors: true)
        switch address {
        case .handle:
            return "no characteristic or descriptor at handle \(address); \(characteristics); \(descriptors)"
        case .path(let segments) where segments.count == 1:
            return "no characteristic \(address); \(characteristics)"
        case .path(let segments) where segments.count == 2:
            return "no characteristic or descriptor \(address); \(characteristics); \(descriptors)"
        case .path:
            return "no descriptor \(address); \(descriptors)"
        }
    }

    private func listing(descriptors: Bool) -> String {
        let kind = descriptors ? "descriptors" : "characteristics"
        let names = entries.filter { ($0.location.descriptor != nil) == descriptors }.map { entry in
            entry.location.name + (entry.handles.first.map { " (\(AttributeAddress.hex($0)))" } ?? "")
        }
        return names.isEmpty ? "the peripheral has no \(kind)" : "the \(kind) are \(names.joined(separator: ", "))"
    }
}
