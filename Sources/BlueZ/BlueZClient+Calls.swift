extension BlueZClient {
    /// Sets the discovery filter (LE only, the services, whether every advertisement is reported) and starts
    /// discovering.
    public func startDiscovery(serviceUUIDs: [String], duplicates: Bool) async throws(BlueZError) {
        let filter = DBusValue.options([
            "Transport": .string("le"),
            "UUIDs": .array(element: "s", serviceUUIDs.map(DBusValue.string)),
            "DuplicateData": .boolean(duplicates),
        ])
        _ = try await adapterCall("SetDiscoveryFilter", [filter])
        _ = try await adapterCall("StartDiscovery")
    }

    /// Stops discovering.
    public func stopDiscovery() async throws(BlueZError) {
        _ = try await adapterCall("StopDiscovery")
    }

    /// Connects to the device at `path` and waits, as long as it takes, for the connection or its failure.
    public func connect(_ path: String) async throws(BlueZError) {
        _ = try await connection.call(
            Self.service, path: path, interface: Self.deviceInterface, member: "Connect", timeout: nil)
    }

    /// Disconnects the device at `path`, or cancels a connection attempt to it.
    public func disconnect(_ path: String) async throws(BlueZError) {
        _ = try await connection.call(Self.service, path: path, interface: Self.deviceInterface, member: "Disconnect")
    }

    /// Reads a characteristic's or descriptor's value.
    public func readValue(_ path: String, descriptor: Bool) async throws(BlueZError) -> [UInt8] {
        let reply = try await connection.call(
            Self.service, path: path, interface: Self.gattInterface(descriptor: descriptor), member: "ReadValue",
            arguments: [.options([:])])
        return reply.first?.byteArray ?? []
    }

    /// Writes a characteristic's or descriptor's value; `withResponse` false writes a command (no response).
    public func writeValue(
        _ value: [UInt8], to path: String, descriptor: Bool, withResponse: Bool
    )
        async throws(BlueZError)
    {
        let options: [String: DBusValue] = descriptor ? [:] : ["type": .string(withResponse ? "request" : "command")]
        _ = try await connection.call(
            Self.service, path: path, interface: Self.gattInterface(descriptor: descriptor), member: "WriteValue",
            arguments: [.bytes(value), .options(options)])
    }

    /// Starts or stops notifications (or indications) of the characteristic at `path`.
    public func setNotifying(_ enabled: Bool, _ path: String) async throws(BlueZError) {
        _ = try await connection.call(
            Self.service, path: path, interface: BlueZGattTree.characteristicInterface,
            member: enabled ? "StartNotify" : "StopNotify")
    }

    private func adapterCall(_ member: String, _ arguments: [DBusValue] = []) async throws(BlueZError) -> [DBusValue] {
        try await connection.call(
            Self.service, path: adapterPath, interface: Self.adapterInterface, member: member, arguments: arguments)
    }

    private static func gattInterface(descriptor: Bool) -> String {
        descriptor ? BlueZGattTree.descriptorInterface : BlueZGattTree.characteristicInterface
    }
}

/// The sockets bluetoothd hands over for a characteristic's values.
public enum BlueZAcquire: String, Sendable {
    /// `AcquireWrite`: a socket whose datagrams bluetoothd writes without response, while it is open.
    case write = "AcquireWrite"
    /// `AcquireNotify`: notifications are on, each one a datagram on the socket, until it is closed.
    case notify = "AcquireNotify"

    /// The characteristic's property saying whether the socket is held (and, by being there, that it is offered).
    var property: String { self == .write ? "WriteAcquired" : "NotifyAcquired" }
}

extension BlueZClient {
    /// Asks bluetoothd for the socket of the characteristic at `path`: the socket and the link's ATT MTU.
    public func acquire(
        _ kind: BlueZAcquire, _ path: String
    ) async throws(BlueZError) -> (socket: BlueZFileDescriptor, mtu: Int) {
        let reply = try await connection.call(
            Self.service, path: path, interface: BlueZGattTree.characteristicInterface, member: kind.rawValue,
            arguments: [.options([:])])
        guard reply.count == 2, case .unixFD(let socket) = reply[0], let mtu = reply[1].integer else {
            throw BlueZError(name: "org.bluez.Error.Failed", message: "\(kind.rawValue) answered no socket")
        }
        return (socket, mtu)
    }
}
