import Glibc

/// One request on the kernel's Bluetooth management socket (`AF_BLUETOOTH`, `BTPROTO_HCI`, the control channel), the
/// interface bluetoothd itself uses to drive the adapter. Only Get Connection Information is asked here, for a
/// connected device's RSSI, which bluetoothd does not offer over D-Bus.
public enum ManagementSocket {
    private static let bluetoothFamily: Int32 = 31
    private static let hciProtocol: Int32 = 1
    private static let noDevice: UInt16 = 0xFFFF
    private static let controlChannel: UInt16 = 3
    /// Events read while waiting for the answer, at most: other control sockets' traffic is broadcast to this one
    /// too, and must not keep the wait going forever.
    private static let eventLimit = 256

    /// Asks the kernel for the connection to `address` (random or public) on adapter `index` (0 for hci0), waiting
    /// at most `timeoutMilliseconds` for the answer.
    ///
    /// - Throws: A ``BlueZError`` naming why: the management socket cannot be opened, the process may not send the
    ///   command (it needs CAP_NET_ADMIN), no such connection, or no answer in time.
    public static func connectionInfo(
        adapter index: UInt16, address: String, random: Bool, timeoutMilliseconds: Int32 = 2000
    ) throws(BlueZError) -> ManagementConnectionInfo {
        guard let request = ManagementConnectionInfo.request(adapter: index, address: address, random: random) else {
            throw BlueZError(name: "org.bluez.Error.InvalidArguments", message: "not a Bluetooth address: \(address)")
        }
        let descriptor = socket(bluetoothFamily, Int32(SOCK_RAW.rawValue) | Int32(SOCK_CLOEXEC.rawValue), hciProtocol)
        guard descriptor >= 0 else { throw failure("cannot open the management socket") }
        defer { close(descriptor) }
        var address: (UInt16, UInt16, UInt16) = (UInt16(bluetoothFamily), noDevice, controlChannel)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, 6) }
        }
        guard bound == 0 else { throw failure("cannot bind the management socket") }
        guard request.withUnsafeBytes({ write(descriptor, $0.baseAddress, $0.count) }) == request.count else {
            throw failure("cannot send Get Connection Information")
        }
        var buffer = [UInt8](repeating: 0, count: 1024)
        for _ in 0..<eventLimit {
            var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, timeoutMilliseconds) > 0 else {
                throw BlueZError(
                    name: "org.bluez.Error.Failed", message: "the kernel did not answer Get Connection Information")
            }
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            guard count > 0 else { throw failure("cannot read the management socket") }
            if let reply = ManagementConnectionInfo.reply(to: Array(buffer[..<count])) { return try reply.get() }
        }
        throw BlueZError(name: "org.bluez.Error.Failed", message: "no answer among the management socket's events")
    }

    private static func failure(_ what: String) -> BlueZError {
        BlueZError(name: "org.bluez.Error.Failed", message: "\(what): \(String(cString: strerror(errno)))")
    }
}
