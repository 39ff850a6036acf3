import Glibc
import Testing

@testable import HCI

@Suite("Polling executor", .timeLimit(.minutes(2)))
struct PollingExecutorTests {
    private func socketPair() throws -> (Int32, Int32) {
        var descriptors: [Int32] = [-1, -1]
        let type = Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue)
        try #require(socketpair(AF_UNIX, type, 0, &descriptors) == 0)
        return (descriptors[0], descriptors[1])
    }

    /// No spin, and one long enough that a job or a descriptor the spinning thread missed would hold the test
    /// past its time limit.
    static let spins: [Duration] = [.zero, .milliseconds(500)]

    @Test(
        "transports on one polling executor exchange packets both ways in order, through full queues and full sockets",
        arguments: [false, true], spins)
    func exchange(tasksOnExecutor: Bool, spin: Duration) async throws {
        let executor = try PollingExecutor(name: "polling executor test", spin: spin)
        let (left, right) = try socketPair()
        let first = try FileDescriptorTransport(adopting: left, name: "left", queueCapacity: 4, executor: executor)
        let second = try FileDescriptorTransport(adopting: right, name: "right", queueCapacity: 4, executor: executor)
        #expect(first.executor.map(ObjectIdentifier.init) == ObjectIdentifier(executor))
        let outbound = TransportFixtures.varied(count: 3000)
        let inbound = Array(TransportFixtures.varied(count: 3001).dropFirst())
        try await withTaskExecutorPreference(tasksOnExecutor ? executor : nil) {
            try await TransportFixtures.exchange(first, second, outbound: outbound, inbound: inbound)
        }
        await first.close()
        #expect(try await second.receiveBatch() == nil)
        await second.close()
    }

    @Test("jobs run in the order they were enqueued, on the executor's own thread", arguments: spins)
    func jobsInOrder(spin: Duration) async throws {
        let executor = try PollingExecutor(name: "polling executor order test", spin: spin)
        let order = try await withTaskExecutorPreference(executor) {
            try await withThrowingTaskGroup(of: (Int, Bool?).self) { group in
                for index in 0..<50 { group.addTask { (index, executor.isIsolatingCurrentContext()) } }
                var seen: [(Int, Bool?)] = []
                for try await entry in group { seen.append(entry) }
                return seen
            }
        }
        #expect(order.map(\.0) == Array(0..<50))
        #expect(order.allSatisfy { $0.1 == true })
        #expect(executor.isIsolatingCurrentContext() == false)
    }

    @Test("a spinning executor runs jobs handed over from other threads while it spins, without waiting it out")
    func jobsFromOtherThreadsWhileSpinning() async throws {
        let spin = try #require(Self.spins.last)
        let executor = try PollingExecutor(name: "polling executor spin test", spin: spin)
        var onExecutor = 0
        // Each job is enqueued from the global pool just after the previous one ran, so the thread is spinning;
        // had it waited out its spins, the 1,000 jobs would take minutes, past the suite's time limit (with the
        // check that ends a spin removed, they took over 100 s for 400).
        for _ in 0..<1000 {
            if await Task(executorPreference: executor, operation: { executor.isIsolatingCurrentContext() }).value
                == true
            {
                onExecutor += 1
            }
        }
        #expect(onExecutor == 1000)
    }

    @Test("a transport closed from a task on its own executor ends, and fails a send after it")
    func closeFromItsOwnThread() async throws {
        let executor = try PollingExecutor(name: "polling executor close test")
        let (left, right) = try socketPair()
        let transport = try FileDescriptorTransport(adopting: left, name: "left", executor: executor)
        try await withTaskExecutorPreference(executor) {
            try await transport.send(TransportFixtures.reset)
            await transport.close()
            await #expect(throws: TransportError.closed) { try await transport.send(TransportFixtures.reset) }
        }
        var bytes = [UInt8](repeating: 0, count: 16)
        #expect(read(right, &bytes, bytes.count) == TransportFixtures.reset.encoded.count)
        #expect(read(right, &bytes, bytes.count) == 0)
        close(right)
    }
}
