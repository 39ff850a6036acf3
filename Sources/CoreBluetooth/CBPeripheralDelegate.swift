/// What a peripheral tells its delegate: the results of discoveries, reads, writes and subscriptions,
/// notified values, and changes to its name and services.
///
/// Every method is optional on Apple platforms; here each has an empty default implementation.
public protocol CBPeripheralDelegate: NSObjectProtocol {
    /// The peripheral's name changed.
    func peripheralDidUpdateName(_ peripheral: CBPeripheral)
    /// Services of the peripheral changed; the invalidated ones are already gone from `services`.
    func peripheral(_ peripheral: CBPeripheral, didModifyServices invalidatedServices: [CBService])
    /// The signal strength was read; superseded by `peripheral(_:didReadRSSI:error:)`.
    @available(*, deprecated, message: "Use peripheral(_:didReadRSSI:error:)")
    func peripheralDidUpdateRSSI(_ peripheral: CBPeripheral, error: (any Error)?)
    /// The signal strength of the connection was read, in dBm.
    func peripheral(_ peripheral: CBPeripheral, didReadRSSI RSSI: NSNumber, error: (any Error)?)
    /// Service discovery finished; the services are in `services`.
    func peripheral(_ peripheral: CBPeripheral, didDiscoverServices error: (any Error)?)
    /// Included-service discovery finished for a service.
    func peripheral(
        _ peripheral: CBPeripheral, didDiscoverIncludedServicesFor service: CBService, error: (any Error)?)
    /// Characteristic discovery finished for a service.
    func peripheral(
        _ peripheral: CBPeripheral, didDiscoverCharacteristicsFor service: CBService, error: (any Error)?)
    /// A characteristic's value was read, notified or indicated.
    func peripheral(
        _ peripheral: CBPeripheral, didUpdateValueFor characteristic: CBCharacteristic, error: (any Error)?)
    /// A write with response to a characteristic finished.
    func peripheral(
        _ peripheral: CBPeripheral, didWriteValueFor characteristic: CBCharacteristic, error: (any Error)?)
    /// Notifications or indications of a characteristic were turned on or off.
    func peripheral(
        _ peripheral: CBPeripheral, didUpdateNotificationStateFor characteristic: CBCharacteristic,
        error: (any Error)?)
    /// Descriptor discovery finished for a characteristic.
    func peripheral(
        _ peripheral: CBPeripheral, didDiscoverDescriptorsFor characteristic: CBCharacteristic, error: (any Error)?)
    /// A descriptor's value was read.
    func peripheral(_ peripheral: CBPeripheral, didUpdateValueFor descriptor: CBDescriptor, error: (any Error)?)
    /// A write to a descriptor finished.
    func peripheral(_ peripheral: CBPeripheral, didWriteValueFor descriptor: CBDescriptor, error: (any Error)?)
    /// The app may send writes without response again.
    func peripheralIsReady(toSendWriteWithoutResponse peripheral: CBPeripheral)
    /// An L2CAP channel opened, or failed to (the channel is nil then).
    func peripheral(_ peripheral: CBPeripheral, didOpen channel: CBL2CAPChannel?, error: (any Error)?)
}

extension CBPeripheralDelegate {
    public func peripheralDidUpdateName(_ peripheral: CBPeripheral) {}

    public func peripheral(_ peripheral: CBPeripheral, didModifyServices invalidatedServices: [CBService]) {}

    public func peripheralDidUpdateRSSI(_ peripheral: CBPeripheral, error: (any Error)?) {}

    /// Hands the result on to the deprecated `peripheralDidUpdateRSSI(_:error:)`, as iOS does for a delegate that
    /// implements only that one; the value is in the peripheral's `rssi`.
    public func peripheral(_ peripheral: CBPeripheral, didReadRSSI RSSI: NSNumber, error: (any Error)?) {
        let delivery: any LegacyRSSIDelivering = LegacyRSSIDelivery()
        delivery.deliver(to: self, from: peripheral, error: error)
    }

    public func peripheral(_ peripheral: CBPeripheral, didDiscoverServices error: (any Error)?) {}

    public func peripheral(
        _ peripheral: CBPeripheral, didDiscoverIncludedServicesFor service: CBService, error: (any Error)?
    ) {}

    public func peripheral(
        _ peripheral: CBPeripheral, didDiscoverCharacteristicsFor service: CBService, error: (any Error)?
    ) {}

    public func peripheral(
        _ peripheral: CBPeripheral, didUpdateValueFor characteristic: CBCharacteristic, error: (any Error)?
    ) {}

    public func peripheral(
        _ peripheral: CBPeripheral, didWriteValueFor characteristic: CBCharacteristic, error: (any Error)?
    ) {}

    public func peripheral(
        _ peripheral: CBPeripheral, didUpdateNotificationStateFor characteristic: CBCharacteristic,
        error: (any Error)?
    ) {}

    public func peripheral(
        _ peripheral: CBPeripheral, didDiscoverDescriptorsFor characteristic: CBCharacteristic, error: (any Error)?
    ) {}

    public func peripheral(_ peripheral: CBPeripheral, didUpdateValueFor descriptor: CBDescriptor, error: (any Error)?)
    {}

    public func peripheral(_ peripheral: CBPeripheral, didWriteValueFor descriptor: CBDescriptor, error: (any Error)?) {
    }

    public func peripheralIsReady(toSendWriteWithoutResponse peripheral: CBPeripheral) {}

    public func peripheral(_ peripheral: CBPeripheral, didOpen channel: CBL2CAPChannel?, error: (any Error)?) {}
}
