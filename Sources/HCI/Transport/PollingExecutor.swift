import Foundation
import Glibc
import Synchronization

/// A serial executor with one thread that both runs jobs and does the I/O of the transports attached to it.
///
/// A packet read there resumes the task waiting for it on the same thread, and what that task sends is written
/// from it too, so a packet that crosses the process costs one wake-up (the poll's) instead of one per thread
/// it passes. `bluetooth sim` serves all its clients on one: a packet in from one client goes through the air
/// and out to the peer's socket before the thread polls again.
///
/// Jobs run in the order they were enqueued, a batch at a time; between batches the thread polls (without
/// waiting while jobs are queued), so neither starves the other. The thread runs for the rest of the process.
///
/// The inbox is guarded by a pthread mutex rather than a `Mutex`, which ThreadSanitizer cannot see on Linux: every
/// job handed over here would otherwise need a suppression, and that would hide real races in the jobs' code.
public final class PollingExecutor: SerialExecutor, TaskExecutor, @unchecked Sendable {
    /// What other threads hand the executor's thread.
    private struct Inbox {
        var jobs: [UnownedJob] = []
        var loops: [IOLoop] = []
        /// Whether the thread waits in `poll` (or is about to) and must be woken for new work.
        var isPolling = false
    }

    private let lock: UnsafeMutablePointer<pthread_mutex_t>
    private nonisolated(unsafe) var inbox = Inbox()
    private let wakeup: WakeupPipe
    /// The executor's thread, once it runs (`pthread_t`; zero before).
    private let thread = Atomic<UInt>(0)

    /// The process's executor for transports that share one (the CoreBluetooth layer's, `bluetooth sim`'s, the
    /// bench's), started on first use; nil when its wake-up pipe could not be made (out of descriptors), when each
    /// transport keeps a thread of its own instead.
    public static let shared = try? PollingExecutor(name: "HCI I/O")

    /// Starts the executor's thread, named `name`.
    public init(name: String) throws(TransportError) {
        wakeup = try WakeupPipe()
        lock = .allocate(capacity: 1)
        pthread_mutex_init(lock, nil)
        let runner = Thread { self.run() }
        runner.name = name
        runner.start()
    }

    public func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        handOver { $0.jobs.append(job) }
    }

    public func asUnownedSerialExecutor() -> UnownedSerialExecutor {
        UnownedSerialExecutor(ordinary: self)
    }

    /// Whether the caller runs on the executor's thread (so `assumeIsolated` works there).
    public func isIsolatingCurrentContext() -> Bool? {
        thread.load(ordering: .acquiring) == pthread_self()
    }

    /// Hands a transport's I/O to the thread, which runs it until the transport ends.
    func attach(_ loop: IOLoop) {
        handOver { $0.loops.append(loop) }
    }

    /// Puts work in the inbox and wakes the thread if it waits in `poll`.
    private func handOver(_ change: (inout Inbox) -> Void) {
        let wake = withInbox { inbox in
            change(&inbox)
            defer { inbox.isPolling = false }
            return inbox.isPolling
        }
        if wake { wakeup.signal() }
    }

    /// Runs `body` on the inbox, under the lock.
    private func withInbox<Result>(_ body: (inout Inbox) -> Result) -> Result {
        pthread_mutex_lock(lock)
        defer { pthread_mutex_unlock(lock) }
        return body(&inbox)
    }

    /// Runs jobs and polls, for ever.
    private func run() {
        thread.store(pthread_self(), ordering: .releasing)
        var batch: [UnownedJob] = []
        var loops: [IOLoop] = []
        var descriptors: [pollfd] = []
        while true {
            runJobs(&batch, loops: &loops)
            descriptors.removeAll(keepingCapacity: true)
            descriptors.append(pollfd(fd: wakeup.readDescriptor, events: Int16(POLLIN), revents: 0))
            var index = 0
            while index < loops.count {
                guard let events = loops[index].prepare() else {
                    var ending = loops.remove(at: index)
                    ending.end(nil)
                    continue
                }
                let channel = loops[index].channel
                descriptors.append(pollfd(fd: channel.wakeup.readDescriptor, events: Int16(POLLIN), revents: 0))
                descriptors.append(pollfd(fd: events == 0 ? -1 : channel.descriptor, events: events, revents: 0))
                index += 1
            }
            let timeout: Int32 = withInbox { inbox in
                inbox.isPolling = inbox.jobs.isEmpty && inbox.loops.isEmpty
                return inbox.isPolling ? -1 : 0
            }
            let polled = poll(&descriptors, nfds_t(descriptors.count), timeout)
            if timeout != 0 { withInbox { $0.isPolling = false } }
            guard polled > 0 else { continue }
            if descriptors[0].revents != 0 { wakeup.drain() }
            handle(descriptors, loops: &loops)
        }
    }

    /// Runs what is queued, and what that queues in turn, up to a bound that keeps the descriptors polled;
    /// takes the transports attached meanwhile.
    private func runJobs(_ batch: inout [UnownedJob], loops: inout [IOLoop]) {
        let serial = asUnownedSerialExecutor()
        let task = asUnownedTaskExecutor()
        for _ in 0..<Self.roundsBetweenPolls {
            withInbox { inbox in
                swap(&batch, &inbox.jobs)
                loops += inbox.loops
                inbox.loops.removeAll()
            }
            guard !batch.isEmpty else { return }
            for job in batch { job.runSynchronously(isolatedTo: serial, taskExecutor: task) }
            batch.removeAll(keepingCapacity: true)
        }
    }

    /// How many batches of jobs may run before the thread polls again.
    private static let roundsBetweenPolls = 16

    /// Reads what the poll found, ending the transports whose descriptors ended.
    private func handle(_ descriptors: [pollfd], loops: inout [IOLoop]) {
        var ended: [Int] = []
        for index in loops.indices {
            let wake = descriptors[1 + index * 2]
            let io = descriptors[2 + index * 2]
            if wake.revents != 0 { loops[index].channel.wakeup.drain() }
            if case .ended(let error) = loops[index].handle(io.revents) {
                loops[index].end(error)
                ended.append(index)
            }
        }
        for index in ended.reversed() { loops.remove(at: index) }
    }
}
