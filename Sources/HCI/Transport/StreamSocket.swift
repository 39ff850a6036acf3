import Glibc

/// Makes TCP sockets: resolves a host and port, then connects or listens on the first address that works.
enum StreamSocket {
    /// Connects to `host:port`; errors name `spec` and the system's cause.
    static func connect(host: String, port: UInt16, spec: String) throws(TransportError) -> Int32 {
        try firstWorking(host: host, port: port, passive: false, spec: spec) { address in
            Glibc.connect(address.descriptor, address.info.ai_addr, address.info.ai_addrlen) == 0
                ? nil : "cannot connect"
        }
    }

    /// Binds and listens on `host:port` (port 0 picks a free one); errors name `spec` and the system's cause.
    static func listen(host: String, port: UInt16, backlog: Int32, spec: String) throws(TransportError) -> Int32 {
        try firstWorking(host: host, port: port, passive: true, spec: spec) { address in
            var reuse: Int32 = 1
            _ = setsockopt(
                address.descriptor, SOL_SOCKET, SO_REUSEADDR, &reuse, socklen_t(MemoryLayout<Int32>.size))
            if bind(address.descriptor, address.info.ai_addr, address.info.ai_addrlen) != 0 { return "cannot bind" }
            return Glibc.listen(address.descriptor, backlog) == 0 ? nil : "cannot listen"
        }
    }

    /// Turns off Nagle's algorithm: HCI packets are small and latency matters more than throughput.
    static func disableDelay(_ descriptor: Int32) {
        var enable: Int32 = 1
        _ = setsockopt(descriptor, Int32(IPPROTO_TCP), TCP_NODELAY, &enable, socklen_t(MemoryLayout<Int32>.size))
    }

    /// The local port a socket is bound to.
    static func localPort(of descriptor: Int32) -> UInt16? {
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let status = withUnsafeMutablePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        guard status == 0 else { return nil }
        switch Int32(storage.ss_family) {
        case AF_INET:
            return withUnsafeBytes(of: storage) { UInt16(bigEndian: $0.load(as: sockaddr_in.self).sin_port) }
        case AF_INET6:
            return withUnsafeBytes(of: storage) { UInt16(bigEndian: $0.load(as: sockaddr_in6.self).sin6_port) }
        default:
            return nil
        }
    }

    /// An address as a spec writes it: `HOST:PORT`, an IPv6 host in brackets.
    static func describe(_ address: sockaddr_storage) -> String {
        var host = [CChar](repeating: 0, count: Int(NI_MAXHOST))
        var service = [CChar](repeating: 0, count: Int(NI_MAXSERV))
        let status = withUnsafePointer(to: address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                getnameinfo(
                    $0, socklen_t(MemoryLayout<sockaddr_storage>.size), &host, socklen_t(host.count),
                    &service, socklen_t(service.count), NI_NUMERICHOST | NI_NUMERICSERV)
            }
        }
        guard status == 0 else { return "unknown" }
        let hostText = String(decoding: host.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let serviceText = String(decoding: service.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return hostText.contains(":") ? "[\(hostText)]:\(serviceText)" : "\(hostText):\(serviceText)"
    }

    private struct Candidate {
        var descriptor: Int32
        var info: addrinfo
    }

    private static func firstWorking(
        host: String,
        port: UInt16,
        passive: Bool,
        spec: String,
        attempt: (Candidate) -> String?
    ) throws(TransportError) -> Int32 {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        hints.ai_flags = AI_NUMERICSERV | (passive ? AI_PASSIVE : 0)
        var list: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(host, String(port), &hints, &list)
        guard status == 0 else {
            throw .openFailed(
                spec: spec, reason: "cannot resolve host '\(host)' (\(String(cString: gai_strerror(status))))")
        }
        defer { freeaddrinfo(list) }
        var failure = "no address found for host '\(host)'"
        var entry = list
        while let info = entry?.pointee {
            entry = info.ai_next
            let descriptor = socket(info.ai_family, info.ai_socktype | Int32(SOCK_CLOEXEC.rawValue), info.ai_protocol)
            guard descriptor >= 0 else {
                failure = "cannot create a socket (\(SystemCall.describe(errno)))"
                continue
            }
            guard let step = attempt(Candidate(descriptor: descriptor, info: info)) else { return descriptor }
            failure = "\(step) (\(SystemCall.describe(errno)))"
            Glibc.close(descriptor)
        }
        throw .openFailed(spec: spec, reason: failure)
    }
}
