import Foundation
import Host

/// What a peripheral manager with a restore identifier saves: the services it published, as a tree of plain values,
/// and what it was advertising.
struct PeripheralRestorationState: Codable, Equatable {
    /// One published service; included services are named by their place in ``services``, always an earlier one.
    struct Service: Codable, Equatable {
        var uuid: String
        var isPrimary: Bool
        var includes: [Int]
        var characteristics: [Characteristic]
    }

    /// One characteristic: its property and permission bits, its cached value if static, its descriptors.
    struct Characteristic: Codable, Equatable {
        var uuid: String
        var properties: UInt
        var permissions: UInt
        var value: Data?
        var descriptors: [Descriptor]
    }

    /// One descriptor and its value in the type the app gave it.
    struct Descriptor: Codable, Equatable {
        var uuid: String
        var value: DescriptorValue
    }

    /// A descriptor value: the types `CBMutableDescriptor` values take.
    enum DescriptorValue: Codable, Equatable {
        case text(String)
        case data(Data)
        case number(Int)
        case none
    }

    /// The advertisement keys a peripheral manager advertises.
    struct Advertisement: Codable, Equatable {
        var localName: String?
        var serviceUUIDs: [String]
    }

    /// Why a saved state cannot be rebuilt.
    struct Damage: Error, CustomStringConvertible {
        var description: String
    }

    /// The published services, includers after what they include.
    var services: [Service]
    /// What was being advertised; nil when not advertising.
    var advertisement: Advertisement?

    /// Whether there is nothing to restore: no service published and no advertising.
    var isEmpty: Bool {
        services.isEmpty && advertisement == nil
    }

    /// The state of `services` (published, in order) and of the advertisement under way.
    init(services published: [CBMutableService], advertisement content: AdvertisementContent?) {
        services = published.map { service in
            Service(
                uuid: service.uuid.uuidString, isPrimary: service.isPrimary,
                includes: (service.includedServices ?? []).compactMap { included in
                    published.firstIndex { $0 === included }
                },
                characteristics: (service.characteristics ?? []).compactMap { $0 as? CBMutableCharacteristic }.map {
                    characteristic in
                    Characteristic(
                        uuid: characteristic.uuid.uuidString, properties: characteristic.properties.rawValue,
                        permissions: characteristic.permissions.rawValue, value: characteristic.value,
                        descriptors: (characteristic.descriptors ?? []).map { descriptor in
                            Descriptor(uuid: descriptor.uuid.uuidString, value: Self.saved(descriptor.value))
                        })
                })
        }
        advertisement = content.map { content in
            Advertisement(
                localName: content.localName, serviceUUIDs: content.serviceUUIDs.map { CBUUID($0).uuidString })
        }
    }

    /// New services as the app had built them, included services set; throws when the saved tree breaks a rule
    /// `CBMutableService`, `CBMutableCharacteristic`, `CBMutableDescriptor` or `add(_:)` enforce by stopping.
    func makeServices() throws(Damage) -> [CBMutableService] {
        var made: [CBMutableService] = []
        for (index, saved) in services.enumerated() {
            let uuid = try Self.uuid(saved.uuid)
            guard uuid.bluetoothUUID.bitWidth != 32 else { throw Damage(description: "32-bit service \(saved.uuid)") }
            let service = CBMutableService(type: uuid, primary: saved.isPrimary)
            service.includedServices = try saved.includes.map { (included) throws(Damage) in
                guard included >= 0, included < index else {
                    throw Damage(description: "service \(saved.uuid) includes service #\(included)")
                }
                return made[included]
            }
            service.characteristics = try saved.characteristics.map { (saved) throws(Damage) in
                try Self.characteristic(saved)
            }
            made.append(service)
        }
        return made
    }

    /// The advertisement data to advertise again, as the app gives it to `startAdvertising(_:)`.
    func advertisementData() throws(Damage) -> [String: Any]? {
        guard let advertisement else { return nil }
        var data: [String: Any] = [
            CBAdvertisementDataServiceUUIDsKey: try advertisement.serviceUUIDs.map { (text) throws(Damage) in
                try Self.uuid(text)
            }
        ]
        if let name = advertisement.localName { data[CBAdvertisementDataLocalNameKey] = name }
        return data
    }

    private static func characteristic(_ saved: Characteristic) throws(Damage) -> CBMutableCharacteristic {
        let characteristic = CBMutableCharacteristic(
            type: try uuid(saved.uuid), properties: CBCharacteristicProperties(rawValue: saved.properties),
            value: saved.value, permissions: CBAttributePermissions(rawValue: saved.permissions))
        guard characteristic.hasReadOnlyCachedValue else {
            throw Damage(description: "characteristic \(saved.uuid) has a cached value and can be written")
        }
        let descriptors = try saved.descriptors.map { (saved) throws(Damage) in try descriptor(saved) }
        for unique in [CBUUIDCharacteristicUserDescriptionString, CBUUIDCharacteristicFormatString]
        where descriptors.count(where: { $0.uuid == CBUUID(string: unique) }) > 1 {
            throw Damage(description: "characteristic \(saved.uuid) has two \(unique) descriptors")
        }
        characteristic.descriptors = descriptors
        return characteristic
    }

    private static func descriptor(_ saved: Descriptor) throws(Damage) -> CBMutableDescriptor {
        let uuid = try uuid(saved.uuid)
        let value: Any? =
            switch saved.value {
            case .text(let text): text
            case .data(let data): data
            case .number(let number): NSNumber(value: number)
            case .none: nil
            }
        let fits =
            switch uuid {
            case CBUUID(string: CBUUIDCharacteristicUserDescriptionString): value is String
            case CBUUID(string: CBUUIDCharacteristicFormatString): value is Data
            case CBUUID(string: CBUUIDCharacteristicValidRangeString): (value as? Data)?.count.isMultiple(of: 2) == true
            default: uuid.bluetoothUUID.bitWidth != 128 || value is Data
            }
        guard fits else { throw Damage(description: "descriptor \(saved.uuid) has a value of the wrong type") }
        return CBMutableDescriptor(type: uuid, value: value)
    }

    private static func uuid(_ text: String) throws(Damage) -> CBUUID {
        guard let uuid = BluetoothUUID(string: text) else { throw Damage(description: "bad UUID \(text)") }
        return CBUUID(uuid)
    }

    private static func saved(_ value: Any?) -> DescriptorValue {
        switch value {
        case let text as String: .text(text)
        case let data as Data: .data(data)
        case let number as NSNumber: .number(number.intValue)
        default: .none
        }
    }
}
