import Synchronization

/// The peripheral side: publishing services (`GattManager1`), advertising (`LEAdvertisingManager1`) and the
/// values sent to subscribers, through objects this process exports on the bus.
extension BlueZClient {
    static let gattManagerInterface = "org.bluez.GattManager1"
    static let advertisingManagerInterface = "org.bluez.LEAdvertisingManager1"

    /// Where this process's objects live: one root per registration, so that bluetoothd never mixes an
    /// application or advertisement with the one it replaced.
    private static let generation = Atomic<Int>(0)

    static func nextRoot(_ kind: String) -> String {
        "/org/corebluetooth/\(kind)\(generation.add(1, ordering: .relaxed).newValue)"
    }

    /// Hands every call bluetoothd makes to the exported objects, other than those answered here, to `handler`, on
    /// the bus's dispatch thread, in the order they came.
    public func serve(_ handler: @escaping @Sendable (BlueZServerRequest) -> Void) {
        serverHandler.withLock { $0 = handler }
    }

    /// Exports `services` and registers them with bluetoothd as one application; returns the application's root
    /// and the object path of each characteristic, by service. bluetoothd reads the objects before it answers.
    public func registerApplication(
        _ services: [BlueZLocalService]
    ) async throws(BlueZError) -> (root: String, characteristics: [[String]]) {
        let application = BlueZGattApplication(root: Self.nextRoot("gatt"), services: services)
        exports.withLock { $0.export(application) }
        do throws(BlueZError) {
            _ = try await connection.call(
                Self.service, path: adapterPath, interface: Self.gattManagerInterface, member: "RegisterApplication",
                arguments: [.objectPath(application.root), .options([:])])
        } catch {
            exports.withLock { $0.withdraw(application.root) }
            throw error
        }
        return (application.root, application.characteristicPaths)
    }

    /// Unregisters the application at `root` and withdraws its objects.
    public func unregisterApplication(_ root: String) async throws(BlueZError) {
        defer {
            exports.withLock { $0.withdraw(root) }
            acquiredWrites.close(under: root)
        }
        _ = try await connection.call(
            Self.service, path: adapterPath, interface: Self.gattManagerInterface, member: "UnregisterApplication",
            arguments: [.objectPath(root)])
    }

    /// Answers bluetoothd's `AcquireWrite` of the exported characteristic at `path` with a socket (and the MTU it
    /// gave): the values it writes there reach the handler ``serve(_:)`` set as writes without response of the central
    /// at `device`, in order, and before any call bluetoothd makes after writing them. bluetoothd holds one such
    /// socket per characteristic, not per central: while it is open, every central's writes of the characteristic
    /// come through it, named as the first one's.
    func acquireWrite(_ path: String, device: String, mtu: Int, responder: BlueZResponder) {
        do throws(BlueZError) {
            let theirs = try acquiredWrites.open(path) { [weak self] values in
                guard let handler = self?.serverHandler.withLock({ $0 }) else { return }
                for value in values {
                    handler(
                        BlueZServerRequest(
                            call: .write(
                                characteristic: path, value: value, offset: 0, withResponse: false, device: device,
                                mtu: mtu),
                            responder: nil))
                }
            }
            responder.reply([.unixFD(theirs), .uint16(UInt16(clamping: mtu))])
        } catch {
            responder.fail(error)
        }
    }

    /// Exports an advertisement and has bluetoothd advertise it; returns its object path.
    public func registerAdvertisement(_ advertisement: BlueZLocalAdvertisement) async throws(BlueZError) -> String {
        let path = Self.nextRoot("advertisement")
        exports.withLock { $0.export(advertisement, at: path) }
        do throws(BlueZError) {
            _ = try await connection.call(
                Self.service, path: adapterPath, interface: Self.advertisingManagerInterface,
                member: "RegisterAdvertisement", arguments: [.objectPath(path), .options([:])])
        } catch {
            exports.withLock { $0.withdraw(path) }
            throw error
        }
        return path
    }

    /// Stops the advertisement at `path` and withdraws its object.
    public func unregisterAdvertisement(_ path: String) async throws(BlueZError) {
        defer { exports.withLock { $0.withdraw(path) } }
        _ = try await connection.call(
            Self.service, path: adapterPath, interface: Self.advertisingManagerInterface,
            member: "UnregisterAdvertisement", arguments: [.objectPath(path)])
    }

    /// Signals a new `Value` of the exported characteristic at `path`: bluetoothd notifies or indicates it to every
    /// central subscribed to it.
    public func sendValue(_ value: [UInt8], ofCharacteristic path: String) {
        guard
            let signal = DBusMessage.signal(
                api: connection.api, path: path, interface: BlueZExports.propertiesInterface,
                member: "PropertiesChanged",
                arguments: [
                    .string(BlueZGattTree.characteristicInterface), .options(["Value": .bytes(value)]),
                    .array(element: "s", []),
                ])
        else { return }
        connection.send(signal)
    }

    /// Returns once bluetoothd has handled everything sent to it before (a `Peer.Ping` it answers in turn).
    public func roundTrip() async {
        _ = try? await connection.call(
            Self.service, path: "/", interface: "org.freedesktop.DBus.Peer", member: "Ping")
    }
}
