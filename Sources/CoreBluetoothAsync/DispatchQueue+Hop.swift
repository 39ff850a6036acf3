import Dispatch

extension DispatchQueue {
    /// Runs `body` on the queue and returns its result to the awaiting task.
    func hop<T: Sendable>(_ body: @escaping @Sendable () -> T) async -> T {
        await withCheckedContinuation { continuation in
            async { continuation.resume(returning: body()) }
        }
    }
}
