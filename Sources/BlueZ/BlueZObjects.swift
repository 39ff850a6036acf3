/// BlueZ's object tree as this client knows it: every object path with its interfaces and their properties,
/// kept up to date from `GetManagedObjects`, `InterfacesAdded`, `InterfacesRemoved` and `PropertiesChanged`.
struct BlueZObjects: Sendable {
    /// Properties by interface name, by object path.
    private(set) var objects: [String: [String: [String: DBusValue]]] = [:]
    /// How many times each object path's interfaces or properties changed here: a value read from bluetoothd while
    /// it stayed the same is no older than what is kept.
    private var revisions: [String: Int] = [:]

    /// Takes the reply of `ObjectManager.GetManagedObjects` (`a{oa{sa{sv}}}`).
    mutating func load(_ reply: DBusValue) {
        objects = [:]
        for entry in reply.entries ?? [] {
            guard let path = entry.key.text else { continue }
            objects[path] = Self.interfaces(entry.value)
            revisions[path, default: 0] += 1
        }
    }

    /// How many times the object at `path` changed here so far.
    func revision(of path: String) -> Int {
        revisions[path, default: 0]
    }

    /// Adds interfaces (`InterfacesAdded`: the path and `a{sa{sv}}`).
    mutating func add(path: String, interfaces: DBusValue) {
        objects[path, default: [:]].merge(Self.interfaces(interfaces)) { _, new in new }
        revisions[path, default: 0] += 1
    }

    /// Removes interfaces (`InterfacesRemoved`); the object goes with its last one.
    mutating func remove(path: String, interfaces: [String]) {
        for name in interfaces { objects[path]?[name] = nil }
        if objects[path]?.isEmpty == true { objects[path] = nil }
        revisions[path, default: 0] += 1
    }

    /// Applies `PropertiesChanged`: changed values, and invalidated names dropped. Returns the names that changed.
    @discardableResult
    mutating func change(path: String, interface: String, changed: DBusValue, invalidated: [String]) -> Set<String> {
        guard objects[path]?[interface] != nil else { return [] }
        revisions[path, default: 0] += 1
        let values = changed.stringKeyed ?? [:]
        for (name, value) in values { objects[path]?[interface]?[name] = value }
        for name in invalidated { objects[path]?[interface]?[name] = nil }
        return Set(values.keys).union(invalidated)
    }

    /// The properties of one interface of one object.
    func properties(_ path: String, _ interface: String) -> [String: DBusValue]? {
        objects[path]?[interface]
    }

    /// The paths of the objects with the interface, in path order.
    func paths(with interface: String) -> [String] {
        objects.keys.filter { objects[$0]?[interface] != nil }.sorted()
    }

    private static func interfaces(_ value: DBusValue) -> [String: [String: DBusValue]] {
        var result: [String: [String: DBusValue]] = [:]
        for entry in value.entries ?? [] {
            guard let name = entry.key.text else { continue }
            result[name] = entry.value.stringKeyed ?? [:]
        }
        return result
    }
}
