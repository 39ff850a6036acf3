import Glibc

/// The controller side of a Linux kernel adapter made through `/dev/vhci` (the `hci_vhci` driver).
///
/// Whoever holds `/dev/vhci` is the controller of a new adapter `hciN`: it reads the commands and ACL
/// data the kernel's host sends and writes back events and ACL data, one H4 packet per read and per
/// write. On opening, this transport asks the driver for a primary (BR/EDR and LE) adapter with a
/// vendor packet (0xFF, then the device type 0x00); the driver answers 0xFF, the same type byte and
/// the new adapter's index (little-endian 16 bits), after which the kernel starts setting the adapter
/// up. Closing the descriptor removes the adapter.
public final class VHCIControllerTransport: FileDescriptorBacked {
    /// Where the driver's character device lives.
    public static let defaultDevicePath = "/dev/vhci"

    private static let vendorIndicator: UInt8 = 0xFF
    private static let primaryDeviceType: UInt8 = 0x00
    private static let answerTimeoutMs: Int32 = 5000

    /// The kernel adapter's number: the N of `hciN`.
    public let index: Int
    public let connection: FileDescriptorTransport

    private init(index: Int, connection: FileDescriptorTransport) {
        self.index = index
        self.connection = connection
    }

    /// Opens `path`, creates the adapter and returns once the kernel has named it.
    ///
    /// A failure is ``TransportError/openFailed(spec:reason:)`` naming the device and the cause.
    public static func open(
        path: String = defaultDevicePath,
        limits: H4Framer.Limits = H4Framer.Limits()
    ) async throws(TransportError) -> VHCIControllerTransport {
        try await SystemCall.offload { () throws(TransportError) in
            let descriptor = Glibc.open(path, O_RDWR | O_CLOEXEC)
            guard descriptor >= 0 else {
                let code = errno
                let cause =
                    switch code {
                    case ENOENT, ENODEV, ENXIO: "the kernel has no hci_vhci driver (try 'modprobe hci_vhci')"
                    case EPERM, EACCES: "opening \(path) needs root"
                    default: "cannot open \(path)"
                    }
                throw .openFailed(spec: path, reason: "\(cause) (\(SystemCall.describe(code)))")
            }
            let index: Int
            do throws(TransportError) {
                index = try createAdapter(descriptor: descriptor, path: path)
            } catch {
                Glibc.close(descriptor)
                throw error
            }
            let connection = try FileDescriptorTransport(
                adopting: descriptor, name: "hci\(index) via \(path)", framing: .packetPerWrite, limits: limits)
            return VHCIControllerTransport(index: index, connection: connection)
        }
    }

    /// Sends the create request and reads the driver's answer, giving the new adapter's index.
    private static func createAdapter(descriptor: Int32, path: String) throws(TransportError) -> Int {
        func failure(_ reason: String) -> TransportError { .openFailed(spec: path, reason: reason) }
        let request: [UInt8] = [vendorIndicator, primaryDeviceType]
        let written = request.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
        guard written == request.count else {
            throw failure("the driver refused to create an adapter (\(SystemCall.describe(errno)))")
        }
        var waiting = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        var ready: Int32
        repeat {
            ready = poll(&waiting, 1, answerTimeoutMs)
        } while ready < 0 && errno == EINTR
        guard ready > 0 else { throw failure("the driver did not answer the create request") }
        var answer = [UInt8](repeating: 0, count: 16)
        let count = answer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
        guard count == 4, answer[0] == vendorIndicator, answer[1] == primaryDeviceType else {
            throw failure("unexpected answer to the create request: \(answer.prefix(max(count, 0)))")
        }
        return Int(answer[2]) | Int(answer[3]) << 8
    }
}
