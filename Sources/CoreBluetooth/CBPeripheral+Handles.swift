/// The attribute handles behind a peripheral's discovered objects. Not Apple API (iOS hides handles): the `bluetooth`
/// tool addresses attributes by handle, as protocol logs and other tools name them. Every one is nil for an object
/// this peripheral did not discover, and under bluetoothd, which does not say. Call on the manager's queue.
extension CBPeripheral {
    /// The handles a discovered service spans, from its declaration to its last attribute.
    package func handleRange(of service: CBService) -> ClosedRange<UInt16>? {
        guard let range = serviceRanges[ObjectIdentifier(service)]?.handleRange else { return nil }
        return range.lowerBound.rawValue...range.upperBound.rawValue
    }

    /// The handle of a discovered characteristic's declaration.
    package func declarationHandle(of characteristic: CBCharacteristic) -> UInt16? {
        characteristicDeclarations[ObjectIdentifier(characteristic)]?.declarationHandle.rawValue
    }

    /// The handle of a discovered characteristic's value, the one reads, writes and notifications name.
    package func valueHandle(of characteristic: CBCharacteristic) -> UInt16? {
        characteristicDeclarations[ObjectIdentifier(characteristic)]?.valueHandle.rawValue
    }

    /// The handle of a discovered descriptor.
    package func handle(of descriptor: CBDescriptor) -> UInt16? {
        descriptorHandles[ObjectIdentifier(descriptor)]?.handle.rawValue
    }
}
