import BlueZ
import Dispatch
import Glibc
import Testing

@testable import CoreBluetooth

/// The sockets of `AcquireNotify` and `AcquireWrite`, with a socket pair standing in for bluetoothd.
@Suite("BlueZ acquired sockets", .timeLimit(.minutes(1)))
struct BlueZSocketTests {
    /// What a socket or channel under test reported, in order.
    enum Event: Equatable, Sendable {
        case value([UInt8])
        case ended
        case ready
        case fallback([[UInt8]])
        case writable
    }

    let queue = DispatchQueue(label: "BlueZSocketTests")
    let events: AsyncStream<Event>
    let recorder: AsyncStream<Event>.Continuation

    init() {
        (events, recorder) = AsyncStream.makeStream(of: Event.self)
    }

    private func socket(_ pair: SocketPair, reading: Bool = true) throws -> BlueZValueSocket {
        let socket = try BlueZValueSocket(adopting: pair.ours, mtu: 23, queue: queue)
        guard reading else { return socket }
        let recorder = recorder
        queue.sync {
            socket.startReading(onValue: { recorder.yield(.value($0)) }, onEnd: { recorder.yield(.ended) })
        }
        return socket
    }

    private func channel() -> BlueZWriteChannel {
        let recorder = recorder
        return queue.sync {
            BlueZWriteChannel(onReady: { recorder.yield(.ready) }, onFallback: { recorder.yield(.fallback($0)) })
        }
    }

    private func next(_ count: Int) async -> [Event] {
        var iterator = events.makeAsyncIterator()
        var seen: [Event] = []
        while seen.count < count, let event = await iterator.next() { seen.append(event) }
        return seen
    }

    /// Sends from our end until the socket is full; the values that went out.
    private func fill(_ socket: BlueZValueSocket) -> Int {
        queue.sync {
            var sent = 0
            while sent < 100_000, socket.send([UInt8](repeating: 0xAA, count: 100)) == .sent { sent += 1 }
            return sent
        }
    }

    @Test("each datagram bluetoothd sends is one value, in order, an empty one too; its hang-up ends the socket once")
    func valuesThenHangUp() async throws {
        let pair = SocketPair()
        let socket = try socket(pair)
        #expect(pair.send([1]) && pair.send([]) && pair.send([2, 3]))
        #expect(await next(3) == [.value([1]), .value([]), .value([2, 3])])
        let stream = (0..<100).map { [UInt8($0), 0xFF] }
        for value in stream { #expect(pair.send(value)) }
        pair.closeBluetoothd()
        #expect(await next(101) == stream.map(Event.value) + [.ended])
        #expect(queue.sync { socket.send([9]) } == .closed(0))
    }

    @Test("notifications are read off the app's queue while it is busy, so bluetoothd never finds the socket full")
    func readsWhileQueueBusy() async throws {
        let pair = SocketPair()
        pair.shrinkBuffers()
        let socket = try socket(pair)
        let release = DispatchSemaphore(value: 0)
        queue.async { release.wait() }
        let stream = (0..<1000).map { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        var sent = 0
        var lastProgress = ContinuousClock.now
        while sent < stream.count, ContinuousClock.now - lastProgress < .seconds(5) {
            if pair.sendWithoutWaiting(stream[sent]) {
                sent += 1
                lastProgress = .now
            } else {
                sched_yield()
            }
        }
        #expect(sent == stream.count, "the socket stayed full: nothing read it while the queue was busy")
        release.signal()
        #expect(await next(1000) == stream.map(Event.value))
        withExtendedLifetime(socket) {}
    }

    @Test("a full socket says so (EAGAIN) and sends nothing; whenWritable follows once bluetoothd reads")
    func backPressure() async throws {
        let pair = SocketPair()
        pair.shrinkBuffers()
        let socket = try socket(pair, reading: false)
        let sent = fill(socket)
        #expect(sent > 0)
        #expect(queue.sync { socket.send([1]) } == .full)
        let recorder = recorder
        queue.sync { socket.whenWritable { recorder.yield(.writable) } }
        for _ in 0..<sent { #expect(pair.receive()?.count == 100) }
        #expect(await next(1) == [.writable])
        #expect(queue.sync { socket.send([2]) } == .sent)
        #expect(pair.receive() == [2])
    }

    @Test("closing our socket is what bluetoothd sees as a hang-up; nothing is reported after it")
    func closeHangsUp() throws {
        let pair = SocketPair()
        let socket = try socket(pair)
        queue.sync { socket.close() }
        #expect(pair.seesHangUp())
        #expect(queue.sync { socket.send([1]) } == .closed(0))
    }

    @Test("closing a link's sockets hangs each up and names the characteristics whose notifications used one")
    func linkClosesNotifySockets() throws {
        let pairs = [SocketPair(), SocketPair()]
        let link = BlueZLink(devicePath: "/org/bluez/hci0/dev_C0_11_22_33_44_55")
        let paths = ["\(link.devicePath)/service000e/char000f", "\(link.devicePath)/service000e/char0012"]
        for (pair, path) in zip(pairs, paths) {
            let socket = try socket(pair)
            queue.sync { link.notifySockets[path] = socket }
        }
        let closed = queue.sync { link.closeSockets() }
        #expect(closed.sorted() == paths)
        for pair in pairs { #expect(pair.seesHangUp()) }
        #expect(queue.sync { link.notifySockets.isEmpty && link.closeSockets().isEmpty })
    }

    @Test("values written while the socket is acquired go out in order once it opens, then the channel is ready")
    func writesWhileAcquiring() async throws {
        let pair = SocketPair()
        let channel = channel()
        #expect(queue.sync { channel.write([1]) } == false)
        #expect(queue.sync { channel.write([2]) } == false)
        let socket = try socket(pair, reading: false)
        queue.sync { channel.opened(socket) }
        #expect(await next(1) == [.ready])
        #expect(pair.receive() == [1])
        #expect(pair.receive() == [2])
        #expect(queue.sync { channel.write([3]) } == true)
        #expect(pair.receive() == [3])
    }

    @Test("a full socket keeps the values for later, in order; the channel is ready once bluetoothd took them")
    func channelBackPressure() async throws {
        let pair = SocketPair()
        pair.shrinkBuffers()
        let channel = channel()
        _ = queue.sync { channel.write([0]) }
        let socket = try socket(pair, reading: false)
        queue.sync { channel.opened(socket) }
        #expect(await next(1) == [.ready])
        #expect(pair.receive() == [0])
        let sent = fill(socket)
        #expect(queue.sync { channel.write([1]) } == false)
        #expect(queue.sync { channel.write([2]) } == false)
        #expect(queue.sync { channel.waiting } == [[1], [2]])
        for _ in 0..<sent { #expect(pair.receive()?.count == 100) }
        #expect(await next(1) == [.ready])
        #expect(pair.receive() == [1])
        #expect(pair.receive() == [2])
    }

    @Test("when bluetoothd refuses or closes the socket, waiting and later values go to WriteValue")
    func fallback() async throws {
        let refusedChannel = channel()
        _ = queue.sync { refusedChannel.write([1]) }
        queue.sync {
            refusedChannel.refused(BlueZError(name: "org.bluez.Error.NotPermitted", message: "Write acquired"))
        }
        #expect(await next(1) == [.fallback([[1]])])

        let pair = SocketPair()
        let channel = channel()
        _ = queue.sync { channel.write([2]) }
        let socket = try socket(pair, reading: false)
        queue.sync { channel.opened(socket) }
        #expect(await next(1) == [.ready])
        pair.closeBluetoothd()
        #expect(await next(1) == [.fallback([])])
        #expect(queue.sync { channel.write([3]) } == false)
        #expect(await next(1) == [.fallback([[3]])])
        #expect(queue.sync { channel.hadSocket })
    }

    @Test("a link going down closes every socket bluetoothd handed over for it")
    func linkClosesSockets() throws {
        let notifyPair = SocketPair()
        let writePair = SocketPair()
        let link = BlueZLink(devicePath: "/org/bluez/hci0/dev_C0_11_22_33_44_55")
        let channel = channel()
        let notifications = try socket(notifyPair)
        let writes = try socket(writePair, reading: false)
        queue.sync {
            channel.opened(writes)
            link.notifySockets["/char0010"] = notifications
            link.writeChannels["/char0012"] = channel
            link.closeSockets()
        }
        #expect(notifyPair.seesHangUp())
        #expect(writePair.seesHangUp())
        #expect(link.notifySockets.isEmpty && link.writeChannels.isEmpty)
    }
}
