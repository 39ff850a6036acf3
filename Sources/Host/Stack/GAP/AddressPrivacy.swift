import HCI
import Logging

/// The host's address privacy: its identity, the resolvable private address it uses and rotates, the address
/// each link was made from, and the advertising it restarts around a rotation. Off when the configuration has
/// no privacy settings.
///
/// Owned by its ``BluetoothHost``, which makes every call on it on its executor.
///
/// Bluetooth Core Specification Vol 3, Part C, 10.7.
final class AddressPrivacy {
    /// Whether the host has stopped, so that the rotation timer is not armed again.
    var isStopped: () -> Bool = { false }

    private var state: HostPrivacy?
    private let settings: PrivacyConfiguration?
    private let bondDirectory: String?
    private let controllerInfo: ControllerInfo
    private let gap: GAPProcedures
    private let clock: any Clock<Duration>
    private let logger: Logger

    /// Makes the privacy of a host on the controller `gap` runs on, as `settings` ask (none: off).
    init(
        settings: PrivacyConfiguration?, bondDirectory: String?, controllerInfo: ControllerInfo, gap: GAPProcedures,
        clock: any Clock<Duration>, logger: Logger
    ) {
        self.settings = settings
        self.bondDirectory = bondDirectory
        self.controllerInfo = controllerInfo
        self.gap = gap
        self.clock = clock
        self.logger = logger
    }

    /// The IRK and identity address this host distributes in pairing, when privacy is on.
    var identity: LocalIdentity? { state?.identity }

    /// The resolvable private address set on the controller, when privacy is on and one is.
    var address: BluetoothAddress? { state?.address }

    /// Turns privacy on when the configuration asks for it: takes the configured IRK or the one kept beside the
    /// bond file, and sets a first resolvable private address.
    func start(isolation: isolated (any Actor)? = #isolation) async throws(HostError) {
        guard let settings else { return }
        var irk = settings.identityResolvingKey
        if irk == nil, let bondDirectory {
            var generator = SystemRandomNumberGenerator()
            do {
                let loaded = try LocalIRKFile.loadOrCreate(
                    adapter: controllerInfo.ownAddress.description, directory: bondDirectory, using: &generator)
                if let damage = loaded.damage { logger.error("local IRK replaced: \(damage)") }
                irk = loaded.key
            } catch {
                throw .bondStore(error)
            }
        }
        var generator = SystemRandomNumberGenerator()
        let identity = LocalIdentity(
            identityResolvingKey: irk
                ?? (UInt128(generator.next() as UInt64) << 64 | UInt128(generator.next() as UInt64)),
            address: IdentityAddress(
                type: controllerInfo.ownAddressType.isRandom ? .random : .public, address: controllerInfo.ownAddress))
        state = HostPrivacy(identity: identity)
        try await rotate(isolation: isolation)
    }

    /// Makes a fresh resolvable private address and gives it to the controller, stopping and restarting
    /// advertising around the change; restarts the rotation timer. If the controller is scanning or initiating,
    /// the change waits for the next advertising start.
    ///
    /// Bluetooth Core Specification Vol 3, Part C, 10.7.1.2 and Vol 4, Part E, 7.8.4.
    func rotate(isolation: isolated (any Actor)? = #isolation) async throws(HostError) {
        guard let identity = state?.identity else { return }
        var generator = SystemRandomNumberGenerator()
        let address = BluetoothAddress.makeResolvablePrivate(
            identityResolvingKey: identity.identityResolvingKey, using: &generator)
        let advertising = state?.advertising
        do {
            if advertising != nil { try await gap.stopAdvertising() }
            do {
                _ = try await gap.controller.execute(LESetRandomAddressCommand(randomAddress: address))
                state?.address = address
                state?.rotationDue = false
            } catch .commandFailed(_, .commandDisallowed) {
                state?.rotationDue = true
            }
            if let advertising {
                try await Self.startAdvertisingFromPrivateAddress(advertising.content, advertising.connectable, on: gap)
            }
        } catch {
            throw .controller(error)
        }
        armRotationTimer(isolation: isolation)
    }

    /// The own address type to advertise, scan and connect with: random (the resolvable private address) under
    /// privacy, after a rotation that was due; else the one the controller set up.
    func ownAddressType(isolation: isolated (any Actor)? = #isolation) async throws(HostError) -> AddressType {
        guard state != nil else { return controllerInfo.ownAddressType }
        if state?.rotationDue == true { try await rotate(isolation: isolation) }
        return .random
    }

    /// Records the advertising under way, to restart it when the address rotates.
    func advertisingChanged(_ advertising: (content: AdvertisementContent, connectable: Bool)?) {
        state?.advertising = advertising
    }

    /// Notes the address this side used for a new link.
    func linkUp(_ link: HostLink) {
        guard state != nil else { return }
        if link.role != .central { state?.advertising = nil }
        let address = state?.address
        state?.linkAddresses[link.handle] = address
    }

    /// Forgets the address a link was made from, once the link is down.
    func linkDown(_ handle: ConnectionHandle) {
        state?.linkAddresses[handle] = nil
    }

    /// The address this side uses on a link, as pairing computes with it.
    func localAddress(of handle: ConnectionHandle) -> SMPAddress {
        if let address = state?.linkAddresses[handle] {
            return SMPAddress(type: .random, address: address)
        }
        return SMPAddress(type: controllerInfo.ownAddressType, address: controllerInfo.ownAddress)
    }

    /// Stops the rotation timer.
    func stop() {
        state?.timer?.cancel()
        state?.timer = nil
    }

    private func armRotationTimer(isolation: isolated (any Actor)?) {
        state?.timer?.cancel()
        guard let interval = settings?.rotationInterval, !isStopped() else { return }
        state?.timer = Task { [weak self, clock] in
            _ = isolation
            do { try await clock.sleep(for: interval) } catch { return }
            await self?.rotationTimerFired(isolation: isolation)
        }
    }

    private func rotationTimerFired(isolation: isolated (any Actor)?) async {
        state?.timer = nil
        do {
            try await rotate(isolation: isolation)
        } catch {
            logger.warning("resolvable private address not rotated: \(error)")
        }
    }

    private static func startAdvertisingFromPrivateAddress(
        _ content: AdvertisementContent, _ connectable: Bool, on gap: GAPProcedures
    ) async throws(HCIError) {
        let layout: AdvertisingLayout
        do {
            layout = try AdvertisingLayout.legacy(content)
        } catch {
            return
        }
        try await gap.startAdvertising(
            type: connectable ? .connectableUndirected : .scannableUndirected, ownAddressType: .random,
            data: layout.advertisingData.encoded, scanResponse: layout.scanResponse.encoded)
    }
}
