import Host

extension FuzzTarget {
    /// A whole exploration as a central runs it, from the responses the input holds: every primary service, then
    /// each service's included services, characteristics, their descriptors and values, into a database cache.
    /// Before any response the input may send a Service Changed indication for a range it picks: the cache forgets
    /// that range and the exploration starts again. The cache must stay in handle order without overlap.
    static let gattExploration = FuzzTarget(name: "gatt-exploration") { bytes in
        var input = FuzzInput(bytes)
        var exploration = GATTExploration(mtu: 23 + Int(input.byte()))
        exploration.run(&input)
    }
}

/// The state of one fuzzed exploration: the cache and whether a Service Changed cut the current walk short.
private struct GATTExploration {
    /// The input byte before a response that sends a Service Changed indication (its range in the next 4 bytes).
    static let serviceChangedMarker: UInt8 = 0x5C

    let mtu: Int
    var cache = GATTDatabaseCache()
    var changed = false

    init(mtu: Int) {
        self.mtu = mtu
    }

    mutating func run(_ input: inout FuzzInput) {
        repeat {
            changed = false
            guard let services = drive(GATTClientDiscoverAllPrimaryServices(), &input) else { continue }
            cache.record(services: services)
            for service in cache.services.map(\.service) where !changed {
                explore(service, &input)
            }
            checkCache()
        } while changed && !input.isAtEnd
    }

    private mutating func explore(_ service: DiscoveredService, _ input: inout FuzzInput) {
        if let included = drive(GATTClientFindIncludedServices(service: service), &input) {
            cache.record(includedServices: included, in: service)
        }
        guard !changed, let characteristics = drive(GATTClientDiscoverCharacteristics(service: service), &input)
        else { return }
        cache.record(characteristics: characteristics, in: service)
        for characteristic in characteristics where !changed {
            if let descriptors = drive(GATTClientDiscoverDescriptors(characteristic: characteristic), &input) {
                cache.record(descriptors: descriptors, for: characteristic)
            }
            guard !changed else { return }
            let value = drive(GATTClientReadValue(handle: characteristic.valueHandle, mtu: mtu), &input)
            precondition((value?.count ?? 0) <= GATTClientReadValue.maximumValueLength, "a value past 512 bytes")
        }
    }

    /// Runs one procedure on the input's responses; nil when it fails, the input ends, or a Service Changed
    /// indication comes first (which also invalidates its range of the cache).
    private mutating func drive<P: GATTClientProcedure>(_ procedure: P, _ input: inout FuzzInput) -> P.Result? {
        var procedure = procedure
        var step = procedure.start()
        while case .send = step {
            guard !input.isAtEnd else { return nil }
            if input.byte() == Self.serviceChangedMarker {
                let raw = input.bytes(4)
                guard raw.count == 4 else { return nil }
                let start = AttributeHandle(rawValue: UInt16(raw[0]) | UInt16(raw[1]) << 8)
                let end = AttributeHandle(rawValue: UInt16(raw[2]) | UInt16(raw[3]) << 8)
                guard start <= end else { continue }
                cache.invalidate(range: start...end)
                changed = true
                return nil
            }
            guard let response = try? ATTPDU(decoding: input.frame()) else { continue }
            step = procedure.received(response)
        }
        guard case .finished(let result) = step else { return nil }
        return result
    }

    /// The cache holds its services in handle order, none overlapping another.
    private func checkCache() {
        let ranges = cache.services.map(\.service.handleRange)
        for (earlier, later) in zip(ranges, ranges.dropFirst()) {
            precondition(earlier.upperBound < later.lowerBound, "cached services out of order or overlapping")
        }
    }
}
