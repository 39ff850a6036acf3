/// H4 over a TCP connection to a controller (`tcp:HOST:PORT`): Bumble's controllers, `bluetooth sim`, emulators.
public final class TCPClientTransport: FileDescriptorBacked {
    /// The host connected to.
    public let host: String
    /// The port connected to.
    public let port: UInt16
    public let connection: FileDescriptorTransport

    private init(host: String, port: UInt16, connection: FileDescriptorTransport) {
        self.host = host
        self.port = port
        self.connection = connection
    }

    /// Connects to `host:port`; the connection's I/O runs on `executor` when one is given, on a thread of its own
    /// otherwise.
    ///
    /// A failure is ``TransportError/openFailed(spec:reason:)`` naming the spec and the cause.
    public static func connect(
        host: String,
        port: UInt16,
        limits: H4Framer.Limits = H4Framer.Limits(),
        executor: PollingExecutor? = nil
    ) async throws(TransportError) -> TCPClientTransport {
        let spec = TransportSpec.tcp(host: host, port: port).description
        let connection = try await SystemCall.offload { () throws(TransportError) in
            let descriptor = try StreamSocket.connect(host: host, port: port, spec: spec)
            StreamSocket.disableDelay(descriptor)
            return try FileDescriptorTransport(adopting: descriptor, name: spec, limits: limits, executor: executor)
        }
        return TCPClientTransport(host: host, port: port, connection: connection)
    }
}
