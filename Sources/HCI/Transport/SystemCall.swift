import Foundation
import Glibc

/// Small helpers shared by the POSIX transports.
enum SystemCall {
    /// The system's wording for an `errno` value, e.g. "Connection refused".
    static func describe(_ code: Int32) -> String {
        String(cString: strerror(code))
    }

    /// Runs blocking work (name resolution, connect, open) on its own thread, leaving the concurrency pool free.
    static func offload<T: Sendable>(
        _ body: @escaping @Sendable () throws(TransportError) -> T
    ) async throws(TransportError) -> T {
        let result: Result<T, TransportError> = await withCheckedContinuation { continuation in
            Thread {
                continuation.resume(returning: Result { () throws(TransportError) -> T in try body() })
            }.start()
        }
        return try result.get()
    }
}
