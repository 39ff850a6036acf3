import CoreBluetooth
import Foundation
import GATTFileFormat

extension ExploreReport {
    /// The name `explore` gives an error that refused a read: the `CBATTError` or `CBError` code's case name
    /// (e.g. `insufficientEncryption`), `attError(0x80)` for an ATT error code `CBATTError` has no case for, or the
    /// error's description for any other error.
    static func errorName(_ error: any Error) -> String {
        if let error = error as? CBATTError {
            return String(describing: error.code)
        }
        if let error = error as? CBError {
            return String(describing: error.code)
        }
        let nsError = error as NSError
        if nsError.domain == CBATTErrorDomain, let code = UInt8(exactly: nsError.code) {
            return "attError(0x\(AttributeValueText.hex([code])))"
        }
        return String(describing: error)
    }

    /// The bytes of a descriptor value CoreBluetooth holds without having received them (a local
    /// `CBMutableDescriptor`): `Data` as is, a `String` as UTF-8, a number (Extended Properties, Client and Server
    /// Characteristic Configuration) as a little-endian `UInt16`.
    static func descriptorBytes(_ value: Any?) -> [UInt8]? {
        switch value {
        case let data as Data: return [UInt8](data)
        case let text as String: return Array(text.utf8)
        case let number as NSNumber:
            let raw = number.uint16Value
            return [UInt8(raw & 0xFF), UInt8(raw >> 8)]
        default: return nil
        }
    }
}

extension ExploreReport.Characteristic {
    /// A characteristic found with these properties, with their option names in bit order.
    init(
        uuid: String, properties: CBCharacteristicProperties, value: [UInt8]?, error: String?,
        descriptors: [ExploreReport.Descriptor]
    ) {
        self.init(uuid: uuid, properties: properties.names, value: value, error: error, descriptors: descriptors)
    }
}

extension ExploreReport {
    /// The report of a peripheral's discovered tree as CoreBluetooth holds it after discovery and reads:
    /// characteristic values from `value`, descriptor values as the bytes received (a local descriptor's own value),
    /// and `readError` naming the error that refused a characteristic's read, if one did.
    init(
        identifier: String, address: String?, name: String?, services: [CBService],
        readError: (CBCharacteristic) -> String?
    ) {
        self.init(
            identifier: identifier, address: address, name: name,
            services: services.map { service in
                Service(
                    uuid: service.uuid.uuidString, isPrimary: service.isPrimary,
                    includedServices: (service.includedServices ?? []).map(\.uuid.uuidString),
                    characteristics: (service.characteristics ?? []).map { characteristic in
                        Characteristic(
                            uuid: characteristic.uuid.uuidString, properties: characteristic.properties,
                            value: characteristic.value.map { [UInt8]($0) }, error: readError(characteristic),
                            descriptors: (characteristic.descriptors ?? []).map { descriptor in
                                Descriptor(
                                    uuid: descriptor.uuid.uuidString,
                                    value: descriptor.receivedBytes ?? ExploreReport.descriptorBytes(descriptor.value))
                            })
                    })
            })
    }
}
