import Glibc

@testable import HCI

/// A listening UNIX stream socket for tests: the controller end of a `unix:PATH` transport.
final class UnixSocketServer: Sendable {
    let path: String
    private let descriptor: Int32

    init(path: String) throws {
        self.path = path
        descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { throw TransportError.io("socket: \(SystemCall.describe(errno))") }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: Array(path.utf8)) }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        guard bound == 0, listen(descriptor, 4) == 0 else {
            let reason = SystemCall.describe(errno)
            Glibc.close(descriptor)
            throw TransportError.io("bind/listen \(path): \(reason)")
        }
    }

    deinit {
        Glibc.close(descriptor)
        unlink(path)
    }

    /// Waits for one client and wraps its connection.
    func accept() async throws -> FileDescriptorTransport {
        let listening = descriptor
        let path = path
        return try await SystemCall.offload { () throws(TransportError) in
            let client = Glibc.accept(listening, nil, nil)
            guard client >= 0 else { throw .io("accept: \(SystemCall.describe(errno))") }
            return try FileDescriptorTransport(adopting: client, name: "unix:\(path) (accepted)")
        }
    }
}
