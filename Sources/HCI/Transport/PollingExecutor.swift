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
/// waiting while jobs are queued), so neither starves the other. Descriptors are registered with `epoll` once,
/// not handed to the kernel on every wait. Out of work, the thread may check for more for a while before it
/// sleeps (`spin`). It runs for the rest of the process.
///
/// The inbox is guarded by a pthread mutex rather than a `Mutex`, which ThreadSanitizer cannot see on Linux: every
/// job handed over here would otherwise need a suppression, and that would hide real races in the jobs' code.
public final class PollingExecutor: SerialExecutor, TaskExecutor, @unchecked Sendable {
    /// What other threads hand the executor's thread.
    private struct Inbox {
        var jobs: [UnownedJob] = []
        var loops: [IOLoop] = []
        /// Whether the thread sleeps in `epoll_wait` (or is about to) and must be woken for new work.
        var isPolling = false

        /// Whether nothing waits to be taken.
        var isEmpty: Bool { jobs.isEmpty && loops.isEmpty }
    }

    private let lock: UnsafeMutablePointer<pthread_mutex_t>
    private nonisolated(unsafe) var inbox = Inbox()
    private let wakeup: WakeupPipe
    private let poller: EventPoll
    /// How long the thread, out of work, keeps checking for more before it sleeps (when ``IdleSpin`` lets it).
    private let spin: Duration
    /// The executor's thread, once it runs (`pthread_t`; zero before).
    private let thread = Atomic<UInt>(0)

    /// The process's executor for transports that share one (the CoreBluetooth layer's, `bluetooth sim`'s, the
    /// bench's), started on first use, spinning for ``defaultSpin``; nil when its wake-up pipe or epoll instance
    /// could not be made (out of descriptors), when each transport keeps a thread of its own instead.
    public static let shared = try? PollingExecutor(name: "HCI I/O", spin: defaultSpin)

    /// How long the shared executor checks for work before sleeping: 50 µs where more than one processor is
    /// online, none on a single processor (where the spinning thread would hold up the peer it waits for).
    ///
    /// Packets tend to come in bursts and answers within tens of microseconds (a controller's next packet, a
    /// peer process's reply); a thread that sleeps between them pays for going to sleep and being woken each
    /// time, which on a virtual machine costs more than the spin. Measured in docs/development/performance.md.
    public static var defaultSpin: Duration {
        sysconf(Int32(_SC_NPROCESSORS_ONLN)) > 1 ? .microseconds(50) : .zero
    }

    /// Starts the executor's thread, named `name`; out of work, it checks for more for `spin` before it sleeps, less
    /// often while its spins find nothing (``IdleSpin``). Throws when the process is out of descriptors.
    public init(name: String, spin: Duration = .zero) throws(TransportError) {
        wakeup = try WakeupPipe()
        poller = try EventPoll()
        guard poller.register(wakeup.readDescriptor, for: Int16(POLLIN), token: 0, current: 0) else {
            throw .io("cannot watch the executor's wake-up pipe (\(SystemCall.describe(errno)))")
        }
        self.spin = spin
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

    /// Puts work in the inbox and wakes the thread if it sleeps in `epoll_wait`.
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

    /// A transport whose I/O the thread runs, and how its descriptors are registered with ``poller``.
    private struct Attachment {
        var loop: IOLoop
        /// Names the transport's registrations: `2 * token` its wake-up pipe, `2 * token + 1` its descriptor.
        let token: UInt64
        /// What the descriptor is registered for; zero: nothing (reading paused, nothing to write).
        var interest: Int16 = 0
    }

    /// Runs jobs and polls, for ever.
    private func run() {
        thread.store(pthread_self(), ordering: .releasing)
        var batch: [UnownedJob] = []
        var arriving: [IOLoop] = []
        var attached: [Attachment] = []
        var nextToken: UInt64 = 1
        var idleSpin = IdleSpin()
        while true {
            runJobs(&batch, loops: &arriving)
            for var loop in arriving {
                let token = nextToken
                nextToken += 1
                if poller.register(loop.channel.wakeup.readDescriptor, for: Int16(POLLIN), token: 2 * token, current: 0)
                {
                    attached.append(Attachment(loop: loop, token: token))
                } else {
                    loop.end(.io("epoll_ctl failed (\(SystemCall.describe(errno)))"))
                }
            }
            arriving.removeAll(keepingCapacity: true)
            prepare(&attached)
            let idle = withInbox { $0.isEmpty }
            let ready = idle ? waitIdle(&idleSpin) : poller.wait(timeout: 0)
            for index in 0..<ready {
                let (token, events) = poller.ready(index)
                if token == 0 {
                    wakeup.drain()
                } else if let found = attached.firstIndex(where: { $0.token == token / 2 }) {
                    if token % 2 == 0 {
                        attached[found].loop.channel.wakeup.drain()
                    } else if case .ended(let error) = attached[found].loop.handle(events) {
                        detach(attached.remove(at: found), error)
                    }
                }
            }
        }
    }

    /// Waits for a descriptor or a job, with nothing to run: first, when `idleSpin` says so, for up to ``spin``
    /// without sleeping, looking at the inbox all along and at the descriptors ``spinChecks`` times; then asleep in
    /// `epoll_wait` until a descriptor is ready or ``handOver(_:)`` wakes it. Returns how many registrations are
    /// ready.
    ///
    /// Looking at the descriptors is a system call, so the spin makes a few, not one per turn.
    private func waitIdle(_ idleSpin: inout IdleSpin) -> Int {
        if spin > .zero, idleSpin.shouldSpin() {
            let found = spinForWork()
            idleSpin.spun(foundWork: found != nil)
            if let found { return found }
        }
        let sleeping = withInbox { inbox in
            inbox.isPolling = inbox.isEmpty
            return inbox.isPolling
        }
        guard sleeping else { return 0 }
        let ready = poller.wait(timeout: -1)
        withInbox { $0.isPolling = false }
        return ready
    }

    /// Spins for up to ``spin``; returns how many registrations are ready (zero: a job came) once something comes,
    /// nil if nothing did.
    private func spinForWork() -> Int? {
        let clock = ContinuousClock()
        var check = clock.now
        for _ in 0..<Self.spinChecks {
            check = check.advanced(by: spin / Self.spinChecks)
            while clock.now < check {
                if withInbox({ !$0.isEmpty }) { return 0 }
            }
            let ready = poller.wait(timeout: 0)
            if ready > 0 { return ready }
        }
        return nil
    }

    /// How many times a spin looks at the descriptors, evenly over it.
    private static let spinChecks = 8

    /// Writes what each transport has queued and registers its descriptor for what it now waits for; ends the
    /// transports that were shut down.
    private func prepare(_ attached: inout [Attachment]) {
        var index = 0
        while index < attached.count {
            guard let events = attached[index].loop.prepare() else {
                detach(attached.remove(at: index), nil)
                continue
            }
            let channel = attached[index].loop.channel
            let token = 2 * attached[index].token + 1
            if poller.register(channel.descriptor, for: events, token: token, current: attached[index].interest) {
                attached[index].interest = events
                index += 1
            } else {
                detach(attached.remove(at: index), .io("epoll_ctl failed (\(SystemCall.describe(errno)))"))
            }
        }
    }

    /// Removes a transport's registrations, then ends it with `error` (nil: normally); its descriptor is closed
    /// only after that.
    private func detach(_ attachment: consuming Attachment, _ error: TransportError?) {
        let channel = attachment.loop.channel
        _ = poller.register(channel.descriptor, for: 0, token: 0, current: attachment.interest)
        _ = poller.register(channel.wakeup.readDescriptor, for: 0, token: 0, current: Int16(POLLIN))
        attachment.loop.end(error)
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
}
