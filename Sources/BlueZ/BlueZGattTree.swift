/// A GATT service bluetoothd discovered on a connected device (`org.bluez.GattService1`).
public struct BlueZGattService: Equatable, Sendable {
    /// The service's object path.
    public var path: String
    /// Its UUID, as BlueZ writes it (128-bit, lower case).
    public var uuid: String
    /// Whether it is a primary service.
    public var isPrimary: Bool
    /// The paths of the services it includes.
    public var includes: [String]
    /// Its characteristics, in handle order.
    public var characteristics: [BlueZGattCharacteristic]
}

/// A characteristic of a discovered service (`org.bluez.GattCharacteristic1`).
public struct BlueZGattCharacteristic: Equatable, Sendable {
    /// The characteristic's object path.
    public var path: String
    /// Its UUID (128-bit, lower case).
    public var uuid: String
    /// Its properties as BlueZ names them: `read`, `write`, `write-without-response`, `notify`, ...
    public var flags: [String]
    /// The ATT MTU of the link, when bluetoothd reports it.
    public var mtu: Int?
    /// Whether bluetoothd offers `AcquireWrite` for it (it has a `WriteAcquired` property: write without response).
    public var offersAcquireWrite: Bool
    /// Whether bluetoothd offers `AcquireNotify` for it (it has a `NotifyAcquired` property: notify).
    public var offersAcquireNotify: Bool
    /// Its descriptors, in handle order.
    public var descriptors: [BlueZGattDescriptor]
}

/// A descriptor of a discovered characteristic (`org.bluez.GattDescriptor1`).
public struct BlueZGattDescriptor: Equatable, Sendable {
    /// The descriptor's object path.
    public var path: String
    /// Its UUID (128-bit, lower case).
    public var uuid: String
}

enum BlueZGattTree {
    static let serviceInterface = "org.bluez.GattService1"
    static let characteristicInterface = "org.bluez.GattCharacteristic1"
    static let descriptorInterface = "org.bluez.GattDescriptor1"

    /// The services of the device at `devicePath`, each with its characteristics and theirs descriptors, all in
    /// handle order (the order of the handles BlueZ writes, in hex, at the end of each object path).
    static func services(of devicePath: String, in objects: BlueZObjects) -> [BlueZGattService] {
        func children(of parent: String, with interface: String) -> [(String, [String: DBusValue])] {
            objects.paths(with: interface).compactMap { path in
                guard let properties = objects.properties(path, interface),
                    properties[parentKey(interface)]?.text == parent
                else { return nil }
                return (path, properties)
            }.sorted { BlueZGattPath.handle(of: $0.0) < BlueZGattPath.handle(of: $1.0) }
        }
        return children(of: devicePath, with: serviceInterface).map { path, properties in
            BlueZGattService(
                path: path, uuid: properties["UUID"]?.text ?? "", isPrimary: properties["Primary"]?.bool ?? true,
                includes: properties["Includes"]?.texts ?? [],
                characteristics: children(of: path, with: characteristicInterface).map { path, properties in
                    BlueZGattCharacteristic(
                        path: path, uuid: properties["UUID"]?.text ?? "", flags: properties["Flags"]?.texts ?? [],
                        mtu: properties["MTU"]?.integer, offersAcquireWrite: properties["WriteAcquired"] != nil,
                        offersAcquireNotify: properties["NotifyAcquired"] != nil,
                        descriptors: children(of: path, with: descriptorInterface).map { path, properties in
                            BlueZGattDescriptor(path: path, uuid: properties["UUID"]?.text ?? "")
                        })
                })
        }
    }

    /// The property naming an object's parent.
    private static func parentKey(_ interface: String) -> String {
        switch interface {
        case serviceInterface: "Device"
        case characteristicInterface: "Service"
        default: "Characteristic"
        }
    }

}

/// A GATT object bluetoothd made: a service, characteristic or descriptor, named by its object path.
public protocol BlueZGattObject {
    /// The object's path.
    var path: String { get }
}

extension BlueZGattService: BlueZGattObject {}
extension BlueZGattCharacteristic: BlueZGattObject {}
extension BlueZGattDescriptor: BlueZGattObject {}

/// What a GATT object's path says.
public enum BlueZGattPath {
    /// The handle BlueZ writes at the end of a GATT object path (four hex digits: `…/service000a/char000b` is
    /// 0x000b); 0 when there is none.
    public static func handle(of path: String) -> Int {
        let last = path.split(separator: "/").last ?? ""
        return Int(last.suffix(4), radix: 16) ?? 0
    }
}
