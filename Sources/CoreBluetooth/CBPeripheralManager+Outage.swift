extension CBPeripheralManager {
    /// After the controller went away and another came (`.poweredOff`, then `.poweredOn`), publishes the services
    /// again on the new host and resumes the advertising that was paused, telling the delegate nothing: at
    /// `.poweredOff` iOS keeps the local database and only pauses advertising. The centrals that were subscribed
    /// were disconnected with the old controller.
    func resumeOnNewController() {
        let services = publishingOrder.filter { published[ObjectIdentifier($0)]?.layout != nil }
        published = [:]
        publishingOrder = []
        characteristicsByHandle = [:]
        for service in services {
            for case let characteristic as CBMutableCharacteristic in service.characteristics ?? [] {
                characteristic.subscribedCentrals = []
            }
            publish(service, announcing: false)
        }
        if let paused = pausedAdvertisement {
            pausedAdvertisement = nil
            submitAdvertising(paused, announcing: false)
        }
    }
}
