#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The GAP Device Name a manager serves when its options name none: the machine's host name, as a Mac serves its
/// computer name and BlueZ names an adapter after the host.
package enum LocalDeviceName {
    /// The host name, or "Linux" when the system gives none.
    package static var hostName: String {
        var buffer = [CChar](repeating: 0, count: 256)
        guard gethostname(&buffer, buffer.count - 1) == 0 else { return "Linux" }
        let name = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return name.isEmpty ? "Linux" : name
    }
}
