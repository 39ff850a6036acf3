import HCI
import Host

extension CBPeripheral {
    /// Reads a characteristic's value, long ones whole; the result arrives in
    /// `peripheral(_:didUpdateValueFor:error:)` with the value in `characteristic.value`.
    ///
    /// Bluetooth Core Specification Vol 3, Part G, 4.8.1 and 4.8.3.
    func readCharacteristic(_ characteristic: CBCharacteristic) {
        guard let declaration = validDeclaration(of: characteristic, command: "readValue") else { return }
        perform(
            "readValue",
            { host, link throws(HostError) in
                try await host.read(declaration.valueHandle, on: link)
            }
        ) { [self] result in
            switch result.ifStill(known: characteristic.service, in: self, while: "the read") {
            case .success(let bytes):
                characteristic.value = Data(bytes)
                if declaration.uuid == .deviceName { rename(String(decoding: bytes, as: UTF8.self)) }
                delegate?.peripheral(self, didUpdateValueFor: characteristic, error: nil)
            case .failure(let error):
                delegate?.peripheral(self, didUpdateValueFor: characteristic, error: error)
            }
        }
    }

    /// Reads a descriptor's value; the result arrives in `peripheral(_:didUpdateValueFor:error:)` with the value
    /// in `descriptor.value`, typed by the descriptor's UUID.
    ///
    /// Bluetooth Core Specification Vol 3, Part G, 4.12.1.
    func readDescriptor(_ descriptor: CBDescriptor) {
        guard let discovered = validHandle(of: descriptor, command: "readValue") else { return }
        perform(
            "readValue",
            { host, link throws(HostError) in
                try await host.read(discovered.handle, on: link)
            }
        ) { [self] result in
            switch result.ifStill(known: descriptor.characteristic?.service, in: self, while: "the read") {
            case .success(let bytes):
                descriptor.received(bytes)
                delegate?.peripheral(self, didUpdateValueFor: descriptor, error: nil)
            case .failure(let error):
                delegate?.peripheral(self, didUpdateValueFor: descriptor, error: error)
            }
        }
    }

    /// Writes a characteristic's value: with response, long values by prepared writes, the result arriving in
    /// `peripheral(_:didWriteValueFor:error:)`; without response, with no result, and
    /// `peripheralIsReady(toSendWriteWithoutResponse:)` once the app may send again: when the write has gone to the
    /// link, which takes it only once its outbound backlog has room (a write is never dropped for a busy link, and
    /// nothing the app asks for after it overtakes it).
    ///
    /// Bluetooth Core Specification Vol 3, Part G, 4.9.1, 4.9.3 and 4.9.4.
    func writeCharacteristic(_ data: Data, _ characteristic: CBCharacteristic, type: CBCharacteristicWriteType) {
        guard let declaration = validDeclaration(of: characteristic, command: "writeValue") else { return }
        let bytes = [UInt8](data)
        switch type {
        case .withoutResponse:
            guard characteristic.properties.contains(.writeWithoutResponse) else {
                CoreBluetoothLog.warning(
                    "WARNING: Characteristic \(characteristic) does not specify the \"Write Without Response\" "
                        + "property - ignoring response-less write")
                return
            }
            guard state == .connected else {
                CoreBluetoothLog.warning("API MISUSE: \(self) is not connected, ignoring writeValue")
                return
            }
            unsentWrites += 1
            canSendWriteWithoutResponse = false
            perform(
                "writeValue",
                { host, link throws(HostError) in
                    try await host.writeWithoutResponseWhenRoom(bytes, to: declaration.valueHandle, on: link)
                }
            ) { [self] result in
                if case .failure(let error) = result {
                    CoreBluetoothLog.warning("write without response to \(characteristic) not sent: \(error)")
                }
                writeWithoutResponseSent()
            }
        case .withResponse:
            perform(
                "writeValue",
                { host, link throws(HostError) in
                    try await host.write(bytes, to: declaration.valueHandle, on: link)
                }
            ) { [self] result in
                let result = result.ifStill(known: characteristic.service, in: self, while: "the write")
                delegate?.peripheral(self, didWriteValueFor: characteristic, error: result.failure)
            }
        }
    }

    /// Writes a descriptor's value (never the Client Characteristic Configuration's); the result arrives in
    /// `peripheral(_:didWriteValueFor:error:)`.
    ///
    /// Bluetooth Core Specification Vol 3, Part G, 4.12.3.
    func writeDescriptor(_ data: Data, _ descriptor: CBDescriptor) {
        guard let discovered = validHandle(of: descriptor, command: "writeValue") else { return }
        let bytes = [UInt8](data)
        perform(
            "writeValue",
            { host, link throws(HostError) in
                try await host.write(bytes, to: discovered.handle, on: link)
            }
        ) { [self] result in
            let result = result.ifStill(known: descriptor.characteristic?.service, in: self, while: "the write")
            delegate?.peripheral(self, didWriteValueFor: descriptor, error: result.failure)
        }
    }

    /// Turns notifications (or, when the characteristic only indicates, indications) of a characteristic on or
    /// off; the result arrives in `peripheral(_:didUpdateNotificationStateFor:error:)`, values in
    /// `peripheral(_:didUpdateValueFor:error:)`.
    ///
    /// Bluetooth Core Specification Vol 3, Part G, 4.10 and 4.11.
    func configureNotifications(_ enabled: Bool, for characteristic: CBCharacteristic) {
        guard let declaration = validDeclaration(of: characteristic, command: "setNotifyValue") else { return }
        let properties = characteristic.properties
        let configuration: GATTClientWriteClientConfiguration.Configuration =
            !enabled ? [] : properties.contains(.notify) ? .notification : .indication
        let supported = properties.contains(.notify) || properties.contains(.indicate)
        let key = ObjectIdentifier(characteristic)
        let taken = perform(
            "setNotifyValue",
            { host, link throws(HostError) in
                guard supported else { throw .noClientConfiguration(link, characteristic: declaration.valueHandle) }
                try await host.configureUpdates(configuration, of: declaration, on: link)
            }
        ) { [self] result in
            if case .success = result { characteristic.isNotifying = enabled }
            delegate?.peripheral(self, didUpdateNotificationStateFor: characteristic, error: result.failure)
            guard var hold = heldNotifications[key] else { return }
            hold.pending -= 1
            guard hold.pending == 0 else {
                heldNotifications[key] = hold
                return
            }
            heldNotifications[key] = nil
            for bytes in hold.values { deliver(bytes, to: characteristic) }
        }
        if taken { heldNotifications[key, default: NotificationHold()].pending += 1 }
    }

    /// A notification or indication from the peer: the value of the characteristic at `handle` changed. While a
    /// `setNotifyValue` of that characteristic is under way the value waits, so that the delegate hears the
    /// notification state first, as the peer answered the configuration before it sent the value.
    func valueNotified(_ bytes: [UInt8], at handle: AttributeHandle) {
        guard state == .connected, let characteristic = characteristic(valueHandle: handle) else { return }
        let key = ObjectIdentifier(characteristic)
        guard heldNotifications[key] == nil else {
            heldNotifications[key]?.hold(bytes)
            return
        }
        deliver(bytes, to: characteristic)
    }

    private func deliver(_ bytes: [UInt8], to characteristic: CBCharacteristic) {
        characteristic.value = Data(bytes)
        delegate?.peripheral(self, didUpdateValueFor: characteristic, error: nil)
    }

    private func writeWithoutResponseSent() {
        unsentWrites -= 1
        guard unsentWrites == 0, link != nil else { return }
        canSendWriteWithoutResponse = true
        delegate?.peripheralIsReady(toSendWriteWithoutResponse: self)
    }

    /// A descriptor value typed as CoreBluetooth types it: `String` for a User Description, `NSNumber` for the
    /// Extended Properties and the client and server configurations, `Data` otherwise.
    static func descriptorValue(_ bytes: [UInt8], uuid: BluetoothUUID) -> Any {
        switch uuid {
        case .characteristicUserDescription:
            return String(decoding: bytes, as: UTF8.self)
        case .characteristicExtendedProperties, .clientCharacteristicConfiguration, .serverCharacteristicConfiguration:
            let value = bytes.prefix(2).reversed().reduce(UInt16(0)) { $0 << 8 | UInt16($1) }
            return NSNumber(value: value)
        default:
            return Data(bytes)
        }
    }
}

extension Result {
    /// The error, or nil on success.
    var failure: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}
