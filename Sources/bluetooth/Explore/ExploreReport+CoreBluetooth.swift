import CoreBluetooth
import Foundation

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
    /// characteristic values from `value`, descriptor values as the bytes received, and `readError` naming the error
    /// that refused a characteristic's read, if one did.
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
                                Descriptor(uuid: descriptor.uuid.uuidString, value: descriptor.receivedBytes)
                            })
                    })
            })
    }
}
