extension Result where Failure == any Error {
    /// The result of an operation on an attribute of `service` (a discovery in it, a read or write of one of its
    /// characteristics or descriptors) that succeeded, unless a Service Changed indication removed the service while the operation
    /// ran: its handles then name nothing, or another attribute, so a value found or read would be shown as right
    /// and is not, and a write may have gone to another attribute. The delegate hears `CBError.invalidHandle`
    /// instead, with the reason naming `operation` (iOS documents no error for this case).
    ///
    /// Bluetooth Core Specification Vol 3, Part G, 7.1.
    func ifStill(known service: CBService?, in peripheral: CBPeripheral, while operation: String) -> Self {
        guard case .success = self else { return self }
        if let service, peripheral.serviceRanges[ObjectIdentifier(service)] != nil { return self }
        return .failure(
            CBError(
                reporting: .invalidHandle,
                reason: "a Service Changed indication removed the service while \(operation) ran"))
    }
}
