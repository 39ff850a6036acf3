import Glibc

/// H4 over a UNIX stream socket to a controller (`unix:PATH`).
public final class UnixSocketTransport: FileDescriptorBacked {
    /// The longest socket path the system accepts, in bytes.
    public static let maximumPathLength = MemoryLayout.size(ofValue: sockaddr_un().sun_path) - 1

    /// The socket path connected to.
    public let path: String
    public let connection: FileDescriptorTransport

    private init(path: String, connection: FileDescriptorTransport) {
        self.path = path
        self.connection = connection
    }

    /// Connects to the socket at `path`; the connection's I/O runs on `executor` when one is given, on a thread of
    /// its own otherwise.
    ///
    /// A failure is ``TransportError/openFailed(spec:reason:)`` naming the spec and the cause.
    public static func connect(
        path: String,
        limits: H4Framer.Limits = H4Framer.Limits(),
        executor: PollingExecutor? = nil
    ) async throws(TransportError) -> UnixSocketTransport {
        let spec = TransportSpec.unix(path: path).description
        let connection = try await SystemCall.offload { () throws(TransportError) in
            let descriptor = try connectedSocket(path: path, spec: spec)
            return try FileDescriptorTransport(adopting: descriptor, name: spec, limits: limits, executor: executor)
        }
        return UnixSocketTransport(path: path, connection: connection)
    }

    private static func connectedSocket(path: String, spec: String) throws(TransportError) -> Int32 {
        let bytes = Array(path.utf8)
        guard !bytes.isEmpty, bytes.count <= maximumPathLength else {
            throw .openFailed(spec: spec, reason: "the path must be 1 to \(maximumPathLength) bytes long")
        }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: bytes) }
        let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else {
            throw .openFailed(spec: spec, reason: "cannot create a socket (\(SystemCall.describe(errno)))")
        }
        let status = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Glibc.connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        guard status == 0 else {
            let reason = SystemCall.describe(errno)
            Glibc.close(descriptor)
            throw .openFailed(spec: spec, reason: "cannot connect (\(reason))")
        }
        return descriptor
    }
}
