import HCI
import Host
import HostTestSupport
import Testing
import VirtualRadio

/// A central host and a peripheral host on one private virtual air, the peripheral serving the
/// GATT fixtures and answering dynamic reads and writes from a value store.
struct HostPair {
    let central: BluetoothHost
    let peripheral: BluetoothHost
    let air: Air
    let counter: ATTRequestCounter
    let values: ValueStore
    let centralEvents: EventRecorder
    let peripheralEvents: EventRecorder

    static func make(
        services: [ServiceDefinition] = GATTFixtures.services, peripheralPairing: PairingConfiguration = .init()
    ) async throws -> HostPair {
        let air = Air()
        let counter = ATTRequestCounter(wrapping: await air.makeController())
        let central = try await BluetoothHost.start(
            transport: counter, configuration: HostConfiguration(deviceName: "Central"))
        let peripheral = try await BluetoothHost.start(
            transport: await air.makeController(),
            configuration: HostConfiguration(
                deviceName: "GATT Test", appearance: 0x0341, services: services, pairing: peripheralPairing))
        let values = ValueStore()
        let peripheralEvents = EventRecorder(peripheral.events)
        let pair = HostPair(
            central: central, peripheral: peripheral, air: air, counter: counter, values: values,
            centralEvents: EventRecorder(central.events), peripheralEvents: peripheralEvents)
        peripheralEvents.onEvent = { event in
            guard case .serverRequest(let request) = event else { return }
            Task { await peripheral.respond(to: request.id, with: values.answer(request)) }
        }
        return pair
    }

    /// Advertises the peripheral, scans for it from the central and connects.
    func connect() async throws -> (central: HostLink, peripheral: HostLink) {
        try await peripheral.startAdvertising(AdvertisementContent(localName: "GATT Test"))
        try await central.startScanning()
        let seen = try await centralEvents.next { event -> AdvertisementSeen? in
            guard case .advertisement(let report) = event, report.isConnectable else { return nil }
            return report
        }
        try await central.stopScanning()
        let link = try await central.connect(to: seen.address, type: seen.addressType, timeout: .seconds(10))
        let peripheralLink = try await peripheralEvents.next { event -> HostLink? in
            guard case .connected(let link) = event else { return nil }
            return link
        }
        return (link, peripheralLink)
    }

    func stop() async {
        await central.stop()
        await peripheral.stop()
    }
}
