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
        defer { exports.withLock { $0.withdraw(root) } }
        _ = try await connection.call(
            Self.service, path: adapterPath, interface: Self.gattManagerInterface, member: "UnregisterApplication",
            arguments: [.objectPath(root)])
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
