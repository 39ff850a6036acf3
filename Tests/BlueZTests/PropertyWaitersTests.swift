import Synchronization
import Testing

@testable import BlueZ

/// The waits on bluetoothd's objects: answered by a change, taken out when their limit passes, and all answered
/// (false) when the client closes, so that no operation waits on a closed client.
@Suite("BlueZ property waits", .timeLimit(.minutes(1)))
struct PropertyWaitersTests {
    static let path = "/org/bluez/hci0/dev_00_11_22_33_44_55/service0001/char0002"
    static let interface = "org.bluez.GattCharacteristic1"

    /// Settles when `WriteAcquired` is false, as `waitUntilReleased` does.
    static let released: @Sendable ([String: DBusValue], Set<String>) -> Bool? = { properties, _ in
        properties["WriteAcquired"]?.bool == true ? nil : true
    }

    @Test("a change that answers the wait settles it with the answer; one that does not leaves it waiting")
    func settledByChange() async {
        let waiters = Mutex(PropertyWaiters())
        let answer = await withCheckedContinuation { continuation in
            waiters.withLock { waiters in
                _ = waiters.add(Self.path, interface: Self.interface, decide: Self.released, continuation: continuation)
                let (held, free): ([String: DBusValue], [String: DBusValue]) = (
                    ["WriteAcquired": .boolean(true)], ["WriteAcquired": .boolean(false)]
                )
                #expect(waiters.settle(Self.path, Self.interface, held, []).isEmpty)
                #expect(waiters.settle(Self.path, "org.bluez.Device1", free, []).isEmpty)
                for (waiter, answer) in waiters.settle(Self.path, Self.interface, free, []) {
                    waiter.continuation.resume(returning: answer)
                }
            }
        }
        #expect(answer)
        #expect(waiters.withLock { $0.settle(Self.path, Self.interface, [:], []) }.isEmpty)
    }

    @Test("a wait taken out by its id (its limit passed) is no longer settled by a change")
    func removedByID() async {
        let waiters = Mutex(PropertyWaiters())
        let answer = await withCheckedContinuation { continuation in
            let id = waiters.withLock {
                $0.add(Self.path, interface: Self.interface, decide: Self.released, continuation: continuation)
            }
            let removed = waiters.withLock { $0.remove(Self.path, id: id) }
            #expect(waiters.withLock { $0.remove(Self.path, id: id) } == nil)
            #expect(waiters.withLock { $0.settle(Self.path, Self.interface, [:], []) }.isEmpty)
            removed?.continuation.resume(returning: false)
        }
        #expect(!answer)
    }

    @Test("closing takes out the waits and marks the waits closed; a change after that settles nothing")
    func closeTakesAll() async {
        let waiters = Mutex(PropertyWaiters())
        let answer = await withCheckedContinuation { continuation in
            let taken = waiters.withLock { waiters in
                _ = waiters.add(Self.path, interface: Self.interface, decide: Self.released, continuation: continuation)
                return waiters.close()
            }
            #expect(taken.count == 1)
            #expect(waiters.withLock { $0.isClosed })
            #expect(waiters.withLock { $0.settle(Self.path, Self.interface, [:], []) }.isEmpty)
            #expect(waiters.withLock { $0.close() }.isEmpty)
            for waiter in taken { waiter.continuation.resume(returning: false) }
        }
        #expect(!answer)
    }
}
