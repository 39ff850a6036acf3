import HCI

extension FuzzTarget {
    /// An HCI event packet from the controller, decoded into the event the host would act on.
    static let hciEvent = FuzzTarget(name: "hci-event") { bytes in
        var reader = ByteReader(bytes)
        guard let packet = try? HCIEventPacket(from: &reader), let event = try? KnownEvent(packet) else { return }
        _ = event.packet
    }
}
