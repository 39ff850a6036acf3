import Host

extension CBMutableCharacteristic {
    /// What the Characteristic Extended Properties descriptor (0x2900) the server adds for this characteristic
    /// announces.
    ///
    /// Apple's header calls `.extendedProperties` "not allowed for local characteristics", yet its initializer
    /// accepts it and its server makes the 0x2900 descriptor itself. Here a local characteristic with
    /// `.extendedProperties` and `.write` announces Reliable Write, which the server carries out (Prepare Write
    /// then Execute Write, handed to the delegate as one write); without `.write` the descriptor announces nothing.
    ///
    /// Bluetooth Core Specification Vol 3, Part G, 3.3.3.1.
    var announcedExtendedProperties: CharacteristicExtendedProperties {
        properties.isSuperset(of: [.extendedProperties, .write]) ? .reliableWrite : []
    }
}
