/// Hands a read signal strength to a delegate's deprecated `peripheralDidUpdateRSSI(_:error:)`, which iOS calls
/// when the delegate does not implement `peripheral(_:didReadRSSI:error:)`.
///
/// Reached through ``LegacyRSSIDelivering`` so that the framework calls the deprecated method without a
/// deprecation warning of its own.
struct LegacyRSSIDelivery: LegacyRSSIDelivering {
    @available(*, deprecated, message: "Calls the deprecated peripheralDidUpdateRSSI(_:error:)")
    func deliver(to delegate: any CBPeripheralDelegate, from peripheral: CBPeripheral, error: (any Error)?) {
        delegate.peripheralDidUpdateRSSI(peripheral, error: error)
    }
}

/// What ``LegacyRSSIDelivery`` does, stated without deprecation so that the default `didReadRSSI` can call it.
protocol LegacyRSSIDelivering {
    /// Calls `peripheralDidUpdateRSSI(_:error:)` on `delegate`.
    func deliver(to delegate: any CBPeripheralDelegate, from peripheral: CBPeripheral, error: (any Error)?)
}
