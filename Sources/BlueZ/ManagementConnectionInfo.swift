/// The kernel's Bluetooth management command Get Connection Information (opcode 0x0031) and its reply: what the
/// controller measures of one connection (RSSI, TX power). bluetoothd offers no D-Bus property for a connected LE
/// device's signal strength; this is where `hcitool rssi` and `btmgmt conn-info` read it.
///
/// Linux `doc/mgmt-api.txt` (BlueZ), "Get Connection Information Command".
public struct ManagementConnectionInfo: Equatable, Sendable {
    /// The command's opcode.
    static let opcode: UInt16 = 0x0031
    /// Command Complete and Command Status, the two events that answer a command.
    static let commandComplete: UInt16 = 0x0001
    static let commandStatus: UInt16 = 0x0002
    /// "Not Connected": the controller has no link to that address.
    static let notConnected: UInt8 = 0x02
    /// "Permission Denied": the process may not send this command (it needs CAP_NET_ADMIN).
    static let permissionDeniedStatus: UInt8 = 0x14
    /// The error for that status.
    public static let permissionDenied = BlueZError(
        name: "org.corebluetooth.Error.PermissionDenied",
        message: "reading a connection's RSSI needs the kernel's management socket (CAP_NET_ADMIN)")

    /// The signal strength of the link, in dBm.
    public var rssi: Int8
    /// The controller's transmit power on the link, in dBm.
    public var txPower: Int8
    /// The highest transmit power the controller may use on the link, in dBm.
    public var maxTxPower: Int8

    /// An answer with these measures.
    public init(rssi: Int8, txPower: Int8, maxTxPower: Int8) {
        self.rssi = rssi
        self.txPower = txPower
        self.maxTxPower = maxTxPower
    }

    /// The command for the device at `address` ("AA:BB:CC:DD:EE:FF"), LE random or public, on adapter `index`; nil
    /// for an address that is not one.
    static func request(adapter index: UInt16, address: String, random: Bool) -> [UInt8]? {
        let octets = address.split(separator: ":").compactMap { UInt8($0, radix: 16) }
        guard octets.count == 6, address.count == 17 else { return nil }
        let parameters = octets.reversed() + [random ? 2 : 1]
        return Self.header(opcode, index: index, length: parameters.count) + parameters
    }

    /// What the kernel's answer to ``request(adapter:address:random:)`` says: the measures, the command's failure,
    /// or nil for an event that answers another command (or is too short to read).
    static func reply(to bytes: [UInt8]) -> Result<ManagementConnectionInfo, BlueZError>? {
        guard bytes.count >= 9, word(bytes, 6) == opcode else { return nil }
        let status = bytes[8]
        switch word(bytes, 0) {
        case commandComplete where status == 0:
            guard bytes.count >= 9 + 10 else { return nil }
            return .success(
                ManagementConnectionInfo(
                    rssi: Int8(bitPattern: bytes[16]), txPower: Int8(bitPattern: bytes[17]),
                    maxTxPower: Int8(bitPattern: bytes[18])))
        case commandComplete, commandStatus:
            return .failure(failure(status))
        default:
            return nil
        }
    }

    /// The error a management status gives.
    static func failure(_ status: UInt8) -> BlueZError {
        switch status {
        case notConnected:
            BlueZError(name: "org.bluez.Error.NotConnected", message: "Not connected")
        case permissionDeniedStatus:
            permissionDenied
        default:
            BlueZError(
                name: "org.bluez.Error.Failed",
                message: "Get Connection Information failed (management status \(status))")
        }
    }

    private static func header(_ code: UInt16, index: UInt16, length: Int) -> [UInt8] {
        [UInt8(code & 0xFF), UInt8(code >> 8), UInt8(index & 0xFF), UInt8(index >> 8), UInt8(length & 0xFF), 0]
    }

    private static func word(_ bytes: [UInt8], _ offset: Int) -> UInt16 {
        UInt16(bytes[offset]) | UInt16(bytes[offset + 1]) << 8
    }
}
