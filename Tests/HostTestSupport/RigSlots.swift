/// Bounds how many fault-table rigs (each a pair of hosts on a virtual air) run at once in the test process, so
/// that a parameterised table does not start hundreds of hosts together on a loaded machine, where their HCI
/// commands would then miss the command timeout.
public actor RigSlots {
    /// The slots every fault table shares.
    public static let shared = RigSlots(count: 8)

    private var free: Int
    private var waiters: [CheckedContinuation<Void, Never>] = []

    private init(count: Int) {
        free = count
    }

    /// Runs `body` once a slot is free, and frees it after.
    public static func withSlot<T>(
        isolation: isolated (any Actor)? = #isolation, _ body: () async throws -> T
    ) async throws -> T {
        await shared.acquire()
        do {
            let result = try await body()
            await shared.release()
            return result
        } catch {
            await shared.release()
            throw error
        }
    }

    private func acquire() async {
        if free > 0 {
            free -= 1
            return
        }
        await withCheckedContinuation { waiters.append($0) }
    }

    private func release() {
        if waiters.isEmpty {
            free += 1
        } else {
            waiters.removeFirst().resume()
        }
    }
}
