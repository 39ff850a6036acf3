import Glibc

/// H4 packets through a Linux HCI user channel (`hciN`): exclusive raw access to a local adapter.
///
/// Needs CAP_NET_ADMIN and the adapter down in bluetoothd. Each read and write on the socket is one
/// packet with its H4 indicator.
public final class HCIUserChannelTransport: FileDescriptorBacked {
    /// The highest adapter number (0xFFFF means "no device" to the kernel).
    public static let maximumIndex = 0xFFFE

    private static let addressFamily: Int32 = 31
    private static let protocolHCI: Int32 = 1
    private static let channelUser: UInt16 = 1

    private struct SocketAddress {
        var family: UInt16
        var device: UInt16
        var channel: UInt16
    }

    /// The adapter number.
    public let index: Int
    public let connection: FileDescriptorTransport

    private init(index: Int, connection: FileDescriptorTransport) {
        self.index = index
        self.connection = connection
    }

    /// Opens the user channel of adapter `hci<index>`; its I/O runs on `executor` when one is given, on a thread of
    /// its own otherwise.
    ///
    /// A failure is ``TransportError/openFailed(spec:reason:)`` naming the spec and the cause.
    public static func open(
        index: Int,
        limits: H4Framer.Limits = H4Framer.Limits(),
        executor: PollingExecutor? = nil
    ) async throws(TransportError) -> HCIUserChannelTransport {
        let spec = TransportSpec.hciUserChannel(index: index).description
        guard (0...maximumIndex).contains(index) else {
            throw .openFailed(spec: spec, reason: "adapter number must be 0 to \(maximumIndex)")
        }
        let connection = try await SystemCall.offload { () throws(TransportError) in
            let descriptor = try boundSocket(index: index, spec: spec)
            return try FileDescriptorTransport(
                adopting: descriptor, name: spec, framing: .packetPerWrite, limits: limits, executor: executor)
        }
        return HCIUserChannelTransport(index: index, connection: connection)
    }

    private static func boundSocket(index: Int, spec: String) throws(TransportError) -> Int32 {
        let descriptor = socket(addressFamily, Int32(SOCK_RAW.rawValue) | Int32(SOCK_CLOEXEC.rawValue), protocolHCI)
        guard descriptor >= 0 else {
            let code = errno
            let cause =
                switch code {
                case EAFNOSUPPORT, EPROTONOSUPPORT: "the kernel has no Bluetooth support"
                case EPERM, EACCES: "opening an HCI socket needs CAP_NET_ADMIN"
                default: "cannot create an HCI socket"
                }
            throw .openFailed(spec: spec, reason: "\(cause) (\(SystemCall.describe(code)))")
        }
        var address = SocketAddress(family: UInt16(addressFamily), device: UInt16(index), channel: channelUser)
        let status = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, socklen_t(MemoryLayout<SocketAddress>.size))
            }
        }
        guard status == 0 else {
            let code = errno
            Glibc.close(descriptor)
            let cause =
                switch code {
                case ENODEV: "there is no adapter hci\(index)"
                case EBUSY, EALREADY:
                    "hci\(index) is in use; take it down first (e.g. stop bluetoothd or run 'hciconfig hci\(index) down')"
                case EPERM, EACCES: "the HCI user channel needs CAP_NET_ADMIN"
                default: "cannot bind to hci\(index)"
                }
            throw .openFailed(spec: spec, reason: "\(cause) (\(SystemCall.describe(code)))")
        }
        return descriptor
    }
}
