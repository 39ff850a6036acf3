import HCI
import Host
import HostTestSupport
import Testing
import VirtualRadio

/// A central and a peripheral host on one private virtual air with the pairing configurations and agents
/// given, counting the SMP PDUs each sends and keeping the central's Signed Write Commands; the peripheral serves
/// the GATT fixtures unless told otherwise.
struct SecurePair {
    let hosts: HostPair
    let centralSMP: SMPCounter
    let peripheralSMP: SMPCounter
    /// The ACL packets carrying the central's Signed Write Commands, in order.
    let centralSignedWrites: PacketTap<ACLDataPacket>
    /// The central's controller itself, to which a test can send packets the central's host never sent.
    let centralController: any HCITransport

    var central: BluetoothHost { hosts.central }
    var peripheral: BluetoothHost { hosts.peripheral }
    var centralEvents: EventRecorder { hosts.centralEvents }
    var peripheralEvents: EventRecorder { hosts.peripheralEvents }

    static func make(
        central: PairingConfiguration = .init(), peripheral: PairingConfiguration = .init(),
        centralAgent: (any PairingAgent)? = nil, peripheralAgent: (any PairingAgent)? = nil,
        centralClock: any Clock<Duration> = ContinuousClock(), centralSetup: ControllerSetupOptions = .init(),
        centralBondDirectory: String? = nil, peripheralSetup: ControllerSetupOptions = .init(),
        peripheralBondDirectory: String? = nil, services: [ServiceDefinition] = GATTFixtures.services,
        server: GATTServerConfiguration = .init(), controllers: VirtualControllerConfiguration = .init()
    ) async throws -> SecurePair {
        let air = Air()
        let centralController = await air.makeController(configuration: controllers)
        let centralSignedWrites = PacketTap<ACLDataPacket>(wrapping: centralController) { packet in
            guard case .acl(let data) = packet,
                PacketTap<ACLDataPacket>.opcode(of: packet, onChannel: 0x04) == ATTOpcode.signedWriteCommand.rawValue
            else { return nil }
            return data
        }
        let centralSMP = SMPCounter(wrapping: centralSignedWrites)
        let counter = ATTRequestCounter(wrapping: centralSMP)
        let centralHost = try await BluetoothHost.start(
            transport: counter,
            configuration: HostConfiguration(
                setup: centralSetup, deviceName: "Central", clock: centralClock, pairing: central,
                bondDirectory: centralBondDirectory))
        let peripheralSMP = SMPCounter(wrapping: await air.makeController(configuration: controllers))
        let peripheralHost = try await BluetoothHost.start(
            transport: peripheralSMP,
            configuration: HostConfiguration(
                setup: peripheralSetup, deviceName: "GATT Test", services: services, server: server,
                pairing: peripheral, bondDirectory: peripheralBondDirectory))
        await centralHost.setPairingAgent(centralAgent)
        await peripheralHost.setPairingAgent(peripheralAgent)
        let values = ValueStore()
        let peripheralEvents = EventRecorder(peripheralHost.events)
        peripheralEvents.onEvent = { event in
            guard case .serverRequest(let request) = event else { return }
            Task { await peripheralHost.respond(to: request.id, with: values.answer(request)) }
        }
        let hosts = HostPair(
            central: centralHost, peripheral: peripheralHost, air: air, counter: counter, values: values,
            centralEvents: EventRecorder(centralHost.events), peripheralEvents: peripheralEvents)
        return SecurePair(
            hosts: hosts, centralSMP: centralSMP, peripheralSMP: peripheralSMP,
            centralSignedWrites: centralSignedWrites, centralController: centralController)
    }

    func connect() async throws -> (central: HostLink, peripheral: HostLink) {
        try await hosts.connect()
    }

    /// Disconnects the link from the central and waits until both sides have seen it go down.
    func disconnect(_ link: (central: HostLink, peripheral: HostLink)) async throws {
        try await central.disconnect(link.central.handle)
        try await peripheralEvents.next { event -> Bool? in
            guard case .disconnected(link.peripheral.handle, _) = event else { return nil }
            return true
        }
    }

    /// Pairs from the central and waits until both sides report the pairing complete and bonded.
    func pairAndBond(_ link: (central: HostLink, peripheral: HostLink)) async throws {
        try await central.pair(link.central.handle)
        for (events, handle) in [(centralEvents, link.central.handle), (peripheralEvents, link.peripheral.handle)] {
            try await events.next { event -> Bool? in
                guard case .pairingCompleted(handle, true) = event else { return nil }
                return true
            }
        }
    }

    func stop() async {
        await hosts.stop()
    }
}
