import Dispatch
import Synchronization

/// A client of bluetoothd on one adapter, over the D-Bus system bus: its object tree, kept current, the events
/// that change it, and the calls a GATT client makes.
public final class BlueZClient: Sendable {
    static let service = "org.bluez"
    static let adapterInterface = "org.bluez.Adapter1"
    static let deviceInterface = "org.bluez.Device1"

    /// The adapter's object path, e.g. `/org/bluez/hci0`.
    public let adapterPath: String
    /// Changes to the tree, in the order bluetoothd signalled them; ends when the client is closed.
    public let events: AsyncStream<BlueZEvent>
    let connection: DBusConnection
    private let continuation: AsyncStream<BlueZEvent>.Continuation
    private let objects = Mutex(BlueZObjects())
    private let waiters = Mutex(PropertyWaiters())
    let exports = Mutex(BlueZExports())
    let serverHandler = Mutex<(@Sendable (BlueZServerRequest) -> Void)?>(nil)
    let agentHandler = Mutex<(@Sendable (BlueZAgentRequest) -> Void)?>(nil)
    let agentQuestions = BlueZAgentPending()
    let acquiredWrites = BlueZAcquiredWrites()

    /// Connects to bluetoothd and reads its tree; fails when the bus, bluetoothd or the adapter (`hci0`, ...) is
    /// missing.
    public init(adapter: String) async throws(BlueZError) {
        adapterPath = "/org/bluez/" + adapter
        connection = try DBusConnection()
        (events, continuation) = AsyncStream.makeStream(of: BlueZEvent.self)
        for member in ["InterfacesAdded", "InterfacesRemoved"] {
            connection.addMatch(
                "type='signal',sender='org.bluez',interface='org.freedesktop.DBus.ObjectManager',member='\(member)'")
        }
        connection.addMatch(
            "type='signal',sender='org.bluez',interface='org.freedesktop.DBus.Properties',member='PropertiesChanged'")
        connection.start(
            onSignal: { [weak self] in self?.received($0) }, onMethodCall: { [weak self] in self?.called($0) })
        let reply: [DBusValue]
        do throws(BlueZError) {
            reply = try await connection.call(
                Self.service, path: "/", interface: "org.freedesktop.DBus.ObjectManager", member: "GetManagedObjects")
        } catch {
            connection.close()
            throw error
        }
        objects.withLock { $0.load(reply.first ?? .array(element: "", [])) }
        guard objects.withLock({ $0.properties(adapterPath, Self.adapterInterface) }) != nil else {
            connection.close()
            throw BlueZError(name: "org.bluez.Error.DoesNotExist", message: "bluetoothd has no adapter \(adapter)")
        }
    }

    /// Ends the event stream and closes the connection.
    public func close() {
        continuation.finish()
        acquiredWrites.close()
        connection.close()
        let waiting = waiters.withLock { $0.close() }
        for waiter in waiting { waiter.continuation.resume(returning: false) }
    }

    /// The adapter's index (0 for `hci0`), as the kernel's management socket names it.
    public var adapterIndex: UInt16? {
        adapterPath.split(separator: "/").last.flatMap { $0.hasPrefix("hci") ? UInt16($0.dropFirst(3)) : nil }
    }

    /// Whether the adapter is powered on.
    public var isPowered: Bool {
        objects.withLock { $0.properties(adapterPath, Self.adapterInterface)?["Powered"]?.bool ?? false }
    }

    /// The devices bluetoothd knows on this adapter.
    public var devices: [BlueZDevice] {
        objects.withLock { objects in
            objects.paths(with: Self.deviceInterface).filter { $0.hasPrefix(adapterPath + "/") }.compactMap { path in
                objects.properties(path, Self.deviceInterface).map { BlueZDevice(path: path, properties: $0) }
            }
        }
    }

    /// The device at `path`, when bluetoothd knows it.
    public func device(_ path: String) -> BlueZDevice? {
        objects.withLock { $0.properties(path, Self.deviceInterface) }.map { BlueZDevice(path: path, properties: $0) }
    }

    /// The object path bluetoothd gives the device with this address.
    public func devicePath(address: String) -> String {
        adapterPath + "/dev_" + address.uppercased().replacingOccurrences(of: ":", with: "_")
    }

    /// The GATT services bluetoothd discovered on the device at `path`, in handle order.
    public func services(of path: String) -> [BlueZGattService] {
        objects.withLock { BlueZGattTree.services(of: path, in: $0) }
    }

    /// Waits until bluetoothd has discovered the GATT services of the device at `path`: true then, false when the
    /// device is (or gets) disconnected first.
    public func waitForServices(of path: String) async -> Bool {
        await wait(for: path, Self.deviceInterface) { properties, _ in
            let device = BlueZDevice(path: path, properties: properties)
            return device.servicesResolved ? true : device.isConnected ? nil : false
        }
    }

    /// Waits until this client has seen the device at `path` connected (bluetoothd signals `Connected` before it
    /// answers `Connect`, but the answer can overtake the signal here): true then, false when it was seen
    /// disconnecting first.
    ///
    /// bluetoothd 5.66 does not always signal it: when the ATT channel's connection is handled before the kernel's
    /// report of the link, the device is marked connected without a signal, and the report then finds it connected
    /// already ("Device … is already connected" in its log). So after two seconds without the signal, `Connected`
    /// is read from bluetoothd instead.
    public func waitForConnection(of path: String) async -> Bool {
        let signalled = await wait(for: path, Self.deviceInterface, limit: .seconds(2)) { properties, changed in
            BlueZDevice(path: path, properties: properties).isConnected || changed.contains("Connected") ? true : nil
        }
        if !signalled { await rereadConnected(path) }
        return device(path)?.isConnected ?? false
    }

    /// Reads the device's `Connected` from bluetoothd and keeps it as if signalled, unless the device changed here
    /// meanwhile (then what changed it is as new as the answer).
    private func rereadConnected(_ path: String) async {
        let revision = objects.withLock { $0.revision(of: path) }
        guard
            let value = try? await connection.call(
                Self.service, path: path, interface: "org.freedesktop.DBus.Properties", member: "Get",
                arguments: [.string(Self.deviceInterface), .string("Connected")]
            ).first
        else { return }
        let properties = objects.withLock { objects -> [String: DBusValue]? in
            guard objects.revision(of: path) == revision else { return nil }
            objects.change(
                path: path, interface: Self.deviceInterface, changed: .options(["Connected": value.unwrapped]),
                invalidated: [])
            return objects.properties(path, Self.deviceInterface)
        }
        guard let properties else { return }
        settleWaiters(path, Self.deviceInterface, properties, ["Connected"])
        continuation.yield(.deviceChanged(BlueZDevice(path: path, properties: properties), changed: ["Connected"]))
    }

    /// Waits until bluetoothd has let go of the characteristic's socket of this kind (it does once it sees the socket
    /// closed, and until then refuses `WriteValue`, `StartNotify` or a new `AcquireNotify`), or the characteristic is
    /// gone, for `limit` at most: a bluetoothd that never says so delays what follows, which then fails with its own
    /// error, instead of holding it forever.
    public func waitUntilReleased(_ kind: BlueZAcquire, _ path: String, limit: Duration = .seconds(5)) async {
        _ = await wait(for: path, BlueZGattTree.characteristicInterface, limit: limit) { properties, _ in
            properties[kind.property]?.bool == true ? nil : true
        }
    }

    /// Waits until `decide` settles on an answer for the properties of one interface of the object at `path` (none
    /// when the object is gone): first for the object as it is, then for each change to it. False when the client
    /// closes first, or when `limit` passes first.
    private func wait(
        for path: String, _ interface: String, limit: Duration? = nil,
        _ decide: @escaping @Sendable ([String: DBusValue], Set<String>) -> Bool?
    ) async -> Bool {
        await withCheckedContinuation { continuation in
            let id = waiters.withLock { waiters -> UInt64? in
                let properties = objects.withLock { $0.properties(path, interface) } ?? [:]
                if waiters.isClosed {
                    continuation.resume(returning: false)
                } else if let answer = decide(properties, []) {
                    continuation.resume(returning: answer)
                } else {
                    return waiters.add(
                        path, interface: interface, decide: decide, continuation: continuation)
                }
                return nil
            }
            guard let id, let limit else { return }
            let seconds = Double(limit.components.seconds) + Double(limit.components.attoseconds) / 1e18
            DispatchQueue.global().asyncAfter(deadline: .now() + seconds) {
                self.waiters.withLock { $0.remove(path, id: id) }?.continuation.resume(returning: false)
            }
        }
    }

    /// Hands the properties of one interface of the object at `path` (none when it was removed) to its waiters.
    private func settleWaiters(
        _ path: String, _ interface: String, _ properties: [String: DBusValue], _ changed: Set<String>
    ) {
        let settled = waiters.withLock { $0.settle(path, interface, properties, changed) }
        for (waiter, answer) in settled { waiter.continuation.resume(returning: answer) }
    }

    private func received(_ message: DBusMessage) {
        guard let path = message.path else { return }
        let arguments = message.arguments
        switch (message.interface, message.member) {
        case ("org.freedesktop.DBus.ObjectManager", "InterfacesAdded"):
            guard let added = arguments.first?.text, arguments.count == 2 else { return }
            let device = objects.withLock { objects -> BlueZDevice? in
                objects.add(path: added, interfaces: arguments[1])
                return objects.properties(added, Self.deviceInterface).map { BlueZDevice(path: added, properties: $0) }
            }
            if let device, added.hasPrefix(adapterPath + "/"),
                arguments[1].stringKeyed?[Self.deviceInterface] != nil
            {
                continuation.yield(.deviceChanged(device, changed: Set(["Added"])))
            }
        case ("org.freedesktop.DBus.ObjectManager", "InterfacesRemoved"):
            guard let removed = arguments.first?.text, arguments.count == 2 else { return }
            let names = arguments[1].texts ?? []
            objects.withLock { $0.remove(path: removed, interfaces: names) }
            for name in names { settleWaiters(removed, name, [:], ["Removed"]) }
            if names.contains(Self.deviceInterface) { continuation.yield(.deviceRemoved(path: removed)) }
            if removed == adapterPath, names.contains(Self.adapterInterface) {
                continuation.yield(.adapterPowered(false))
            }
        case ("org.freedesktop.DBus.Properties", "PropertiesChanged"):
            guard arguments.count >= 2, let interface = arguments[0].text else { return }
            let invalidated = arguments.count > 2 ? arguments[2].texts ?? [] : []
            let (changed, properties) = objects.withLock { objects in
                let changed = objects.change(
                    path: path, interface: interface, changed: arguments[1], invalidated: invalidated)
                return (changed, objects.properties(path, interface))
            }
            guard !changed.isEmpty, let properties else { return }
            switch interface {
            case Self.adapterInterface where path == adapterPath && changed.contains("Powered"):
                continuation.yield(.adapterPowered(properties["Powered"]?.bool ?? false))
            case Self.deviceInterface where path.hasPrefix(adapterPath + "/"):
                let device = BlueZDevice(path: path, properties: properties)
                settleWaiters(path, interface, properties, changed)
                continuation.yield(.deviceChanged(device, changed: changed))
            case BlueZGattTree.characteristicInterface:
                settleWaiters(path, interface, properties, changed)
                guard changed.contains("Value") else { return }
                if let value = properties["Value"]?.byteArray {
                    continuation.yield(.valueChanged(characteristicPath: path, value: value))
                }
            default:
                break
            }
        default:
            break
        }
    }

    /// Answers a method call to an exported object, or hands it to the handler ``serve(_:)`` or
    /// ``registerAgent(capability:_:)`` set.
    private func called(_ message: DBusMessage) {
        let call = BlueZMethodCall(
            path: message.path ?? "", interface: message.interface ?? "", member: message.member ?? "",
            arguments: message.arguments, expectsNoReply: message.expectsNoReply)
        let responder = BlueZResponder(message: message, connection: connection)
        switch exports.withLock({ $0.answer(call) }) {
        case .reply(let arguments):
            responder.reply(arguments)
        case .failure(let error):
            responder.fail(error)
        case .forward(let serverCall, let answered):
            if answered { responder.reply([]) }
            guard let handler = serverHandler.withLock({ $0 }) else {
                return responder.fail(BlueZError(name: "org.bluez.Error.NotSupported", message: "Not supported"))
            }
            acquiredWrites.drain()
            handler(BlueZServerRequest(call: serverCall, responder: answered ? nil : responder))
        case .agent(let question, let answered):
            if answered { responder.reply([]) }
            guard let handler = agentHandler.withLock({ $0 }) else {
                return responder.fail(BlueZAgentQuestion.rejected)
            }
            handler(
                BlueZAgentRequest(question: question, responder: answered ? nil : responder, pending: agentQuestions))
        case .agentEnded:
            agentQuestions.cancelAll()
            responder.reply([])
        case .acquireWrite(let path, let device, let mtu):
            acquireWrite(path, device: device, mtu: mtu, responder: responder)
        }
    }
}

/// A task waiting for an object's properties to reach a state.
struct PropertyWaiter: Sendable {
    let id: UInt64
    let interface: String
    let decide: @Sendable ([String: DBusValue], Set<String>) -> Bool?
    let continuation: CheckedContinuation<Bool, Never>
}

/// The waits on objects' properties, by object path, until the client closes.
struct PropertyWaiters: Sendable {
    private var byPath: [String: [PropertyWaiter]] = [:]
    private var lastID: UInt64 = 0
    private(set) var isClosed = false

    /// Adds a wait and returns its id.
    mutating func add(
        _ path: String, interface: String, decide: @escaping @Sendable ([String: DBusValue], Set<String>) -> Bool?,
        continuation: CheckedContinuation<Bool, Never>
    ) -> UInt64 {
        lastID += 1
        byPath[path, default: []].append(
            PropertyWaiter(id: lastID, interface: interface, decide: decide, continuation: continuation))
        return lastID
    }

    /// Takes out the wait `id` on `path`, if it is still waiting.
    mutating func remove(_ path: String, id: UInt64) -> PropertyWaiter? {
        guard let index = byPath[path]?.firstIndex(where: { $0.id == id }) else { return nil }
        return byPath[path]?.remove(at: index)
    }

    /// Takes out the waits on `path` that the new properties of `interface` answer, with their answers.
    mutating func settle(
        _ path: String, _ interface: String, _ properties: [String: DBusValue], _ changed: Set<String>
    ) -> [(PropertyWaiter, Bool)] {
        var settled: [(PropertyWaiter, Bool)] = []
        byPath[path] = byPath[path]?.filter { waiter in
            guard waiter.interface == interface, let answer = waiter.decide(properties, changed) else { return true }
            settled.append((waiter, answer))
            return false
        }
        return settled
    }

    /// Takes out every wait; none is added afterwards.
    mutating func close() -> [PropertyWaiter] {
        isClosed = true
        defer { byPath = [:] }
        return byPath.values.flatMap { $0 }
    }
}
