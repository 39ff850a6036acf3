import Foundation
import HCI
import Host
import HostTestSupport
import Testing
import VirtualRadio

/// A central and a peripheral host on a private air, each keeping its bonds in a directory of its own, the
/// peripheral's controller able to cut or silence the link at any step of a procedure.
struct HostVanishRig {
    typealias Links = (central: HostLink, peripheral: HostLink)

    let central: BluetoothHost
    let peripheral: BluetoothHost
    let transport: VanishingTransport
    let centralEvents: EventRecorder
    let peripheralEvents: EventRecorder
    let values: ValueStore
    let directories: (central: String, peripheral: String)
    let scenario: PairingScenario

    /// Starts both hosts pairing as `model` asks (bonding), with every protocol timer at `timeout` when given.
    static func start(
        model: PairingScenario.Model, steps: VanishingTransport.Steps, timeout: Duration?
    ) async throws -> HostVanishRig {
        let scenario = PairingScenario(model: model, peripheralRequests: false, bonding: true)
        let air = Air()
        let root = NSTemporaryDirectory() + "/vanish-" + UUID().uuidString
        let directories = (central: root + "/central", peripheral: root + "/peripheral")
        let central = try await BluetoothHost.start(
            transport: await air.makeController(),
            configuration: configuration(
                "Central", scenario.configuration(central: true), directories.central, identity: centralIdentity,
                timeout: timeout))
        let transport = VanishingTransport(wrapping: await air.makeController(), steps: steps)
        var peripheralConfiguration = configuration(
            "Vanishing", scenario.configuration(central: false), directories.peripheral,
            identity: peripheralIdentity, timeout: timeout)
        peripheralConfiguration.services = GATTFixtures.services
        let peripheral = try await BluetoothHost.start(transport: transport, configuration: peripheralConfiguration)
        let values = ValueStore()
        let peripheralEvents = EventRecorder(peripheral.events)
        peripheralEvents.onEvent = { event in
            guard case .serverRequest(let request) = event else { return }
            Task { await peripheral.respond(to: request.id, with: values.answer(request)) }
        }
        let rig = HostVanishRig(
            central: central, peripheral: peripheral, transport: transport,
            centralEvents: EventRecorder(central.events), peripheralEvents: peripheralEvents, values: values,
            directories: directories, scenario: scenario)
        await rig.freshAgents()
        return rig
    }

    /// The identities the hosts distribute when they pair, so that key distribution carries an IRK and an
    /// identity address each way (on the static random addresses the hosts use on the air).
    static let centralIdentity = LocalIdentity(
        identityResolvingKey: 0x0123_4567_89AB_CDEF_0123_4567_89AB_CDEF,
        address: IdentityAddress(type: .random, address: BluetoothAddress(rawValue: 0xC0_11_22_33_44_01)))
    static let peripheralIdentity = LocalIdentity(
        identityResolvingKey: 0xFEDC_BA98_7654_3210_FEDC_BA98_7654_3210,
        address: IdentityAddress(type: .random, address: BluetoothAddress(rawValue: 0xC0_11_22_33_44_02)))

    private static func configuration(
        _ name: String, _ pairing: PairingConfiguration, _ directory: String, identity: LocalIdentity,
        timeout: Duration?
    ) -> HostConfiguration {
        var pairing = pairing
        pairing.identity = identity
        pairing.keysToDistribute.insert(.idKey)
        var configuration = HostConfiguration(
            setup: ControllerSetupOptions(staticRandomAddress: identity.address.address),
            deviceName: name, pairing: pairing, bondDirectory: directory)
        if let timeout {
            configuration.transactionTimeout = timeout
            configuration.pairingTimeout = timeout
            configuration.signalingTimeout = timeout
        }
        return configuration
    }

    /// Gives both hosts new agents sharing a new passkey board, so a passkey shown before is never typed again.
    func freshAgents() async {
        let board = PasskeyBoard()
        await central.setPairingAgent(TestPairingAgent(board: board))
        await peripheral.setPairingAgent(TestPairingAgent(board: board))
    }

    /// Advertises, scans and connects; the central's connect (which encrypts with a bond it holds) may fail
    /// when the link is cut under it, so its outcome is returned beside both sides' links.
    func connect() async throws -> (outcome: Result<HostLink, HostError>, links: Links) {
        try await peripheral.startAdvertising(AdvertisementContent(localName: "Vanishing"))
        try await central.startScanning()
        let seen = try await centralEvents.next { event -> AdvertisementSeen? in
            guard case .advertisement(let report) = event, report.isConnectable else { return nil }
            return report
        }
        try await central.stopScanning()
        let outcome: Result<HostLink, HostError>
        do {
            outcome = .success(try await central.connect(to: seen.address, type: seen.addressType))
        } catch {
            outcome = .failure(error)
        }
        let centralLink = try await centralEvents.next { event -> HostLink? in
            guard case .connected(let link) = event else { return nil }
            return link
        }
        let peripheralLink = try await peripheralEvents.next { event -> HostLink? in
            guard case .connected(let link) = event else { return nil }
            return link
        }
        return (outcome, (centralLink, peripheralLink))
    }

    /// Connects and expects the central's side to come up.
    func connectLinks() async throws -> Links {
        let (outcome, links) = try await connect()
        _ = try outcome.get()
        return links
    }

    /// Pairs from the central and waits until both sides report the pairing complete and bonded.
    func pairAndBond(_ links: Links) async throws {
        try await central.pair(links.central.handle)
        try await pairingCompleted(links)
    }

    /// Waits until both sides report a completed, bonded pairing on `links`.
    func pairingCompleted(_ links: Links) async throws {
        for (events, handle) in [(centralEvents, links.central.handle), (peripheralEvents, links.peripheral.handle)] {
            try await events.next { event -> Bool? in
                guard case .pairingCompleted(handle, true) = event else { return nil }
                return true
            }
        }
    }

    /// Disconnects from the central, if the link is still up, and waits until both sides have seen it go down.
    func disconnect(central: ConnectionHandle, peripheral: ConnectionHandle) async throws {
        try? await self.central.disconnect(central)
        try await linkDown(central: central, peripheral: peripheral)
    }

    /// Waits until both sides have seen the link go down, however it went, returning the reason the central's
    /// host gave.
    @discardableResult
    func linkDown(central: ConnectionHandle, peripheral: ConnectionHandle) async throws -> HCIStatus {
        let reason = try await centralEvents.next { event -> HCIStatus? in
            guard case .disconnected(central, let reason) = event else { return nil }
            return reason
        }
        try await peripheralEvents.next { event -> Bool? in
            guard case .disconnected(peripheral, _) = event else { return nil }
            return true
        }
        return reason
    }

    /// The bonds on disk on each side.
    func bondsOnDisk() throws -> (central: BondDirectory, peripheral: BondDirectory) {
        (try BondDirectory(directories.central), try BondDirectory(directories.peripheral))
    }

    func stop() async {
        await central.stop()
        await peripheral.stop()
        try? FileManager.default.removeItem(atPath: (directories.central as NSString).deletingLastPathComponent)
    }
}
