import HCI
import Host
import Testing

/// A minimal GATT client for tests: runs the discovery procedures against a server and counts round trips.
struct DiscoveringClient {
    struct Service: Equatable {
        var uuid: BluetoothUUID
        var handles: ClosedRange<AttributeHandle>
    }

    struct Characteristic: Equatable {
        var declarationHandle: AttributeHandle
        var properties: UInt8
        var valueHandle: AttributeHandle
        var uuid: BluetoothUUID
    }

    var server: GATTServer
    let context: ConnectionContext
    private(set) var roundTrips = 0

    init(server: GATTServer, context: ConnectionContext) {
        self.server = server
        self.context = context
    }

    mutating func ask(_ request: ATTPDU) -> ATTPDU? {
        roundTrips += 1
        return server.response(to: request, from: context)
    }

    /// Discover All Primary Services (Vol 3, Part G, 4.4.1).
    mutating func primaryServices() -> [Service] {
        var services: [Service] = []
        var start = AttributeHandle.min
        while true {
            let request = ATTReadByGroupTypeRequest(
                startingHandle: start, endingHandle: .max, attributeGroupType: .primaryService)
            guard case .readByGroupTypeResponse(let response) = ask(.readByGroupTypeRequest(request)) else { break }
            for entry in response.attributeData {
                var reader = ByteReader(entry.value)
                guard let uuid = try? BluetoothUUID(from: &reader, byteCount: entry.value.count) else {
                    return services
                }
                services.append(Service(uuid: uuid, handles: entry.handle...entry.endGroupHandle))
            }
            guard let last = response.attributeData.last?.endGroupHandle, last < .max else { break }
            start = AttributeHandle(rawValue: last.rawValue + 1)
        }
        return services
    }

    /// Find Included Services (Vol 3, Part G, 4.5.1), for includes that carry a 16-bit UUID.
    mutating func includedServices(of service: Service) -> [Service] {
        readByType(.include, in: service.handles).compactMap { _, value in
            guard value.count == 6 else { return nil }
            var reader = ByteReader(value)
            guard let start = try? AttributeHandle(from: &reader), let end = try? AttributeHandle(from: &reader),
                let uuid = try? BluetoothUUID(from: &reader, byteCount: 2)
            else { return nil }
            return Service(uuid: uuid, handles: start...end)
        }
    }

    /// Discover All Characteristics of a Service (Vol 3, Part G, 4.6.1).
    mutating func characteristics(of service: Service) -> [Characteristic] {
        readByType(.characteristic, in: service.handles).compactMap { handle, value in
            var reader = ByteReader(value)
            guard let properties = try? reader.read(UInt8.self), let valueHandle = try? AttributeHandle(from: &reader),
                let uuid = try? BluetoothUUID(from: &reader, byteCount: reader.remaining)
            else { return nil }
            return Characteristic(
                declarationHandle: handle, properties: properties, valueHandle: valueHandle, uuid: uuid)
        }
    }

    /// Discover All Characteristic Descriptors (Vol 3, Part G, 4.7.1).
    mutating func descriptors(in range: ClosedRange<AttributeHandle>) -> [ATTFindInformationResponse.Entry] {
        var found: [ATTFindInformationResponse.Entry] = []
        var start = range.lowerBound
        while start <= range.upperBound {
            let request = ATTFindInformationRequest(startingHandle: start, endingHandle: range.upperBound)
            guard case .findInformationResponse(let response) = ask(.findInformationRequest(request)),
                let last = response.entries.last?.handle
            else { break }
            found += response.entries
            guard last < range.upperBound else { break }
            start = AttributeHandle(rawValue: last.rawValue + 1)
        }
        return found
    }

    /// Reads every attribute of `type` in `range`, continuing after the last handle of each response.
    mutating func readByType(
        _ type: BluetoothUUID, in range: ClosedRange<AttributeHandle>
    )
        -> [(AttributeHandle, [UInt8])]
    {
        var found: [(AttributeHandle, [UInt8])] = []
        var start = range.lowerBound
        while start <= range.upperBound {
            let request = ATTReadByTypeRequest(
                startingHandle: start, endingHandle: range.upperBound, attributeType: type)
            guard case .readByTypeResponse(let response) = ask(.readByTypeRequest(request)),
                let last = response.attributeData.last?.handle
            else { break }
            found += response.attributeData.map { ($0.handle, $0.value) }
            guard last < range.upperBound else { break }
            start = AttributeHandle(rawValue: last.rawValue + 1)
        }
        return found
    }

    /// Everything the database holds, as the client sees it: services (primary, then included), their
    /// characteristics, and each characteristic's descriptors.
    mutating func discoverEverything() -> [(Service, [(Characteristic, [ATTFindInformationResponse.Entry])])] {
        var services = primaryServices()
        var index = 0
        while index < services.count {
            for included in includedServices(of: services[index]) where !services.contains(included) {
                services.append(included)
            }
            index += 1
        }
        return services.map { service in
            let characteristics = self.characteristics(of: service)
            let described = characteristics.enumerated().map { position, characteristic in
                let next =
                    position + 1 < characteristics.count
                    ? characteristics[position + 1].declarationHandle.rawValue - 1
                    : service.handles.upperBound.rawValue
                guard characteristic.valueHandle.rawValue < next else {
                    return (characteristic, [ATTFindInformationResponse.Entry]())
                }
                let range =
                    AttributeHandle(rawValue: characteristic.valueHandle.rawValue + 1)...AttributeHandle(rawValue: next)
                return (characteristic, descriptors(in: range))
            }
            return (service, described)
        }
    }
}
