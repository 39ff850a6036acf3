/// A method call addressed to this process, as its parts.
struct BlueZMethodCall: Equatable, Sendable {
    var path: String
    var interface: String
    var member: String
    var arguments: [DBusValue]
    /// Whether the caller asked for no reply: bluetoothd 5.66 sends `WriteValue` so, with no `type` option, for every
    /// write to a characteristic that takes writes without response, and has already answered the central.
    var expectsNoReply = false
}

/// How a method call to an exported object is answered: at once (a reply or an error), or by the peripheral side
/// or the pairing agent, to which the call goes on (`answered`: already replied to, nothing more owed).
enum BlueZCallOutcome: Equatable, Sendable {
    case reply([DBusValue])
    case failure(BlueZError)
    case forward(BlueZServerCall, answered: Bool)
    case agent(BlueZAgentQuestion, answered: Bool)
    /// The agent's `Cancel` or `Release`: the questions pending are no longer waited for.
    case agentEnded
    /// `AcquireWrite` of a characteristic: bluetoothd asks for a socket to write the values of the central at
    /// `device` into, answered with it and the ATT MTU.
    case acquireWrite(characteristic: String, device: String, mtu: Int)
}

/// The objects this process exports for bluetoothd, and the answers to its calls that need no app: the object
/// manager's and properties' methods, and reads of fixed values.
struct BlueZExports: Sendable {
    static let advertisementInterface = "org.bluez.LEAdvertisement1"
    static let objectManagerInterface = "org.freedesktop.DBus.ObjectManager"
    static let propertiesInterface = "org.freedesktop.DBus.Properties"

    /// Properties by interface, by object path.
    private(set) var objects: [String: [String: [String: DBusValue]]] = [:]
    /// The values reads of these paths are answered with.
    private var fixedValues: [String: [UInt8]] = [:]
    /// The path of the pairing agent (`org.bluez.Agent1`), while one is exported.
    var agentPath: String?

    /// Exports an application's objects.
    mutating func export(_ application: BlueZGattApplication) {
        objects.merge(application.objects) { _, new in new }
        fixedValues.merge(application.fixedValues) { _, new in new }
    }

    /// Exports an advertisement object at `path`.
    mutating func export(_ advertisement: BlueZLocalAdvertisement, at path: String) {
        objects[path] = [Self.advertisementInterface: advertisement.properties]
    }

    /// Withdraws the object at `root` and every object under it.
    mutating func withdraw(_ root: String) {
        for path in objects.keys where Self.path(path, isUnder: root) {
            objects[path] = nil
            fixedValues[path] = nil
        }
    }

    private static func path(_ path: String, isUnder root: String) -> Bool {
        path == root || path.hasPrefix(root + "/")
    }

    /// The answer to a call.
    func answer(_ call: BlueZMethodCall) -> BlueZCallOutcome {
        switch (call.interface, call.member) {
        case (Self.objectManagerInterface, "GetManagedObjects"):
            return .reply([managedObjects(under: call.path)])
        case (Self.propertiesInterface, "GetAll"):
            guard let interface = call.arguments.first?.text, let properties = objects[call.path]?[interface] else {
                return .failure(Self.unknown(call))
            }
            return .reply([.options(properties)])
        case (Self.propertiesInterface, "Get"):
            guard call.arguments.count == 2, let interface = call.arguments[0].text, let name = call.arguments[1].text,
                let value = objects[call.path]?[interface]?[name]
            else { return .failure(Self.unknown(call)) }
            return .reply([.variant(value)])
        case (BlueZAgentQuestion.agentInterface, _) where call.path == agentPath:
            return BlueZAgentQuestion.outcome(of: call)
        default:
            guard objects[call.path]?[call.interface] != nil else { return .failure(Self.unknown(call)) }
            return answerObjectCall(call)
        }
    }

    private func answerObjectCall(_ call: BlueZMethodCall) -> BlueZCallOutcome {
        let options = call.arguments.last?.stringKeyed ?? [:]
        let offset = options["offset"]?.integer ?? 0
        switch (call.interface, call.member) {
        case (BlueZGattTree.characteristicInterface, "ReadValue"), (BlueZGattTree.descriptorInterface, "ReadValue"):
            if let value = fixedValues[call.path] {
                guard offset <= value.count else { return .failure(.invalidOffset) }
                return .reply([.bytes(Array(value[offset...]))])
            }
            return .forward(
                .read(
                    characteristic: call.path, offset: offset, device: options["device"]?.text ?? "",
                    mtu: options["mtu"]?.integer),
                answered: false)
        case (BlueZGattTree.characteristicInterface, "WriteValue"), (BlueZGattTree.descriptorInterface, "WriteValue"):
            guard fixedValues[call.path] == nil, call.interface == BlueZGattTree.characteristicInterface,
                let value = call.arguments.first?.byteArray
            else { return .failure(.writeNotPermitted) }
            return .forward(
                .write(
                    characteristic: call.path, value: value, offset: offset,
                    withResponse: options["type"]?.text != "command" && !call.expectsNoReply,
                    device: options["device"]?.text ?? "",
                    mtu: options["mtu"]?.integer),
                answered: false)
        case (BlueZGattTree.characteristicInterface, "AcquireWrite"):
            guard objects[call.path]?[call.interface]?[BlueZAcquire.write.property] != nil else {
                return .failure(Self.unknown(call))
            }
            return .acquireWrite(
                characteristic: call.path, device: options["device"]?.text ?? "",
                mtu: options["mtu"]?.integer ?? options["MTU"]?.integer ?? 23)
        case (BlueZGattTree.characteristicInterface, "StartNotify"):
            return .forward(.startNotify(characteristic: call.path), answered: true)
        case (BlueZGattTree.characteristicInterface, "StopNotify"):
            return .forward(.stopNotify(characteristic: call.path), answered: true)
        case (BlueZGattTree.characteristicInterface, "Confirm"):
            return .forward(.confirm(characteristic: call.path), answered: true)
        case (Self.advertisementInterface, "Release"):
            return .forward(.release(path: call.path), answered: true)
        default:
            return .failure(Self.unknown(call))
        }
    }

    /// `GetManagedObjects`' reply (`a{oa{sa{sv}}}`): the object at `root` and those under it.
    private func managedObjects(under root: String) -> DBusValue {
        .dictionary(
            key: "o", value: "a{sa{sv}}",
            objects.keys.filter { Self.path($0, isUnder: root) }.sorted().map { path in
                DBusDictionaryEntry(
                    key: .objectPath(path),
                    value: .dictionary(
                        key: "s", value: "a{sv}",
                        (objects[path] ?? [:]).sorted { $0.key < $1.key }.map {
                            DBusDictionaryEntry(key: .string($0.key), value: .options($0.value))
                        }))
            })
    }

    private static func unknown(_ call: BlueZMethodCall) -> BlueZError {
        BlueZError(
            name: "org.freedesktop.DBus.Error.UnknownMethod",
            message: "no \(call.interface).\(call.member) at \(call.path)")
    }
}
