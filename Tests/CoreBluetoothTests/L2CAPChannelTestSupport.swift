import Foundation
import Synchronization
import Testing

@testable import CoreBluetooth

/// A thread that runs a run loop for the streams under test, as an app's main thread would.
///
/// `@unchecked Sendable` because `RunLoop` is not: other threads only give it timers (`CFRunLoopAddTimer` is
/// thread-safe); everything else happens on the thread itself.
final class StreamThread: @unchecked Sendable {
    private let runLoop: RunLoop
    let thread: Thread
    private let stopped = Mutex(false)

    private init(runLoop: RunLoop, thread: Thread) {
        self.runLoop = runLoop
        self.thread = thread
    }

    /// Starts the thread and returns once its run loop is running.
    static func start() async -> StreamThread {
        await withCheckedContinuation { continuation in
            let thread = Thread {
                let runLoop = RunLoop.current
                runLoop.add(Timer(timeInterval: 1e9, repeats: true) { _ in }, forMode: .default)
                let streamThread = StreamThread(runLoop: runLoop, thread: Thread.current)
                continuation.resume(returning: streamThread)
                while !streamThread.stopped.withLock({ $0 }) {
                    _ = runLoop.run(mode: .default, before: .distantFuture)
                }
            }
            thread.start()
        }
    }

    /// Runs `body` on the thread, soon.
    func perform(_ body: @escaping @Sendable () -> Void) {
        runLoop.add(Timer(fire: Date(), interval: 0, repeats: false) { _ in body() }, forMode: .default)
    }

    /// Ends the thread's run loop.
    func stop() {
        stopped.withLock { $0 = true }
        perform {}
    }
}

/// One end of an L2CAP channel as an app drives it: its streams scheduled on a ``StreamThread``, bytes read as
/// they arrive (unless paused) and written as room allows.
///
/// `@unchecked Sendable` because the channel and its streams are not: they are touched only on the stream thread,
/// once ``attach()`` has run there; what tests read is kept under a mutex.
final class ChannelEndpoint: NSObject, StreamDelegate, @unchecked Sendable {
    struct Record {
        var received = Data()
        var inputEvents: [Stream.Event] = []
        var outputEvents: [Stream.Event] = []
        var reading = true
        var mostBuffered = 0
        var lastBuffered = 0
        var shortWrites = 0
        var written = 0
        var offThreadEvents = 0
        var readAfterEnd: Int?
        var writeAfterEnd: Int?
        var waiters: [(condition: @Sendable (Record) -> Bool, continuation: CheckedContinuation<Void, Never>)] = []
    }

    let channel: CBL2CAPChannel
    let psm: CBL2CAPPSM
    let thread: StreamThread
    private let record = Mutex(Record())
    private var outgoing = Data()

    init(_ channel: CBL2CAPChannel, on thread: StreamThread) {
        self.channel = channel
        self.psm = channel.psm
        self.thread = thread
    }

    /// Makes this endpoint both streams' delegate, schedules them on the thread's run loop and opens them.
    func attach() {
        thread.perform { [self] in
            for stream in [channel.inputStream as Stream, channel.outputStream as Stream] {
                stream.delegate = self
                stream.schedule(in: .current, forMode: .default)
                stream.open()
            }
        }
    }

    /// Queues `data` for the peer; it is written as the output stream takes it.
    func send(_ data: Data) {
        thread.perform { [self] in
            outgoing.append(data)
            writeOutgoing()
        }
    }

    /// Stops or resumes reading; resuming reads what waits.
    func setReading(_ reading: Bool) {
        record.withLock { $0.reading = reading }
        if reading { thread.perform { [self] in readAvailable() } }
    }

    /// Waits until `condition` holds of what the endpoint saw.
    func until(_ condition: @escaping @Sendable (Record) -> Bool) async {
        await withCheckedContinuation { continuation in
            record.withLock { record in
                if condition(record) {
                    continuation.resume()
                } else {
                    record.waiters.append((condition, continuation))
                }
            }
        }
    }

    /// What the endpoint saw so far.
    var seen: Record {
        record.withLock { $0 }
    }

    func stream(_ aStream: Stream, handle eventCode: Stream.Event) {
        let onThread = Thread.current === thread.thread
        update { record in
            if !onThread { record.offThreadEvents += 1 }
            if aStream === channel.inputStream {
                record.inputEvents.append(eventCode)
            } else {
                record.outputEvents.append(eventCode)
            }
        }
        switch eventCode {
        case .hasBytesAvailable:
            readAvailable()
        case .hasSpaceAvailable:
            writeOutgoing()
        case .endEncountered where aStream === channel.inputStream:
            var byte: UInt8 = 0
            let count = channel.inputStream.read(&byte, maxLength: 1)
            update { $0.readAfterEnd = count }
        case .endEncountered:
            let count = channel.outputStream.write([1], maxLength: 1)
            update { $0.writeAfterEnd = count }
        default:
            break
        }
    }

    private func readAvailable() {
        let buffered = channel.core.bufferedByteCount
        update {
            $0.mostBuffered = max($0.mostBuffered, buffered)
            $0.lastBuffered = buffered
        }
        guard record.withLock({ $0.reading }) else { return }
        var chunk = [UInt8](repeating: 0, count: 700)
        var bytes = Data()
        while channel.inputStream.hasBytesAvailable {
            let count = channel.inputStream.read(&chunk, maxLength: chunk.count)
            guard count > 0 else { break }
            bytes.append(contentsOf: chunk[0..<count])
        }
        update {
            $0.received.append(bytes)
            $0.lastBuffered = 0
        }
    }

    private func writeOutgoing() {
        while !outgoing.isEmpty, channel.outputStream.hasSpaceAvailable {
            let count = outgoing.withUnsafeBytes { bytes in
                channel.outputStream.write(bytes.bindMemory(to: UInt8.self).baseAddress!, maxLength: bytes.count)
            }
            guard count > 0 else { break }
            let offered = outgoing.count
            outgoing.removeFirst(count)
            update {
                $0.written += count
                if count < offered { $0.shortWrites += 1 }
            }
        }
    }

    private func update(_ body: (inout Record) -> Void) {
        let ready = record.withLock { record -> [CheckedContinuation<Void, Never>] in
            body(&record)
            let snapshot = record
            let ready = record.waiters.filter { $0.condition(snapshot) }.map(\.continuation)
            record.waiters.removeAll { $0.condition(snapshot) }
            return ready
        }
        for continuation in ready { continuation.resume() }
    }
}

/// A peripheral manager delegate that reports published PSMs and hands opened channels to endpoints.
final class L2CAPPeripheralManagerDelegate: NSObject, CBPeripheralManagerDelegate, Sendable {
    enum Event: Sendable {
        case published(CBL2CAPPSM, CBError.Code?)
        case unpublished(CBL2CAPPSM, CBError.Code?)
        case opened(ChannelEndpoint?, CBError.Code?)
    }

    let events: AsyncStream<Event>
    private let sink: AsyncStream<Event>.Continuation
    let thread: StreamThread

    init(thread: StreamThread) {
        (events, sink) = AsyncStream.makeStream(of: Event.self)
        self.thread = thread
    }

    func peripheralManagerDidUpdateState(_ peripheral: CBPeripheralManager) {}

    func peripheralManager(
        _ peripheral: CBPeripheralManager, didPublishL2CAPChannel PSM: CBL2CAPPSM, error: (any Error)?
    ) {
        sink.yield(.published(PSM, (error as? CBError)?.code))
    }

    func peripheralManager(
        _ peripheral: CBPeripheralManager, didUnpublishL2CAPChannel PSM: CBL2CAPPSM, error: (any Error)?
    ) {
        sink.yield(.unpublished(PSM, (error as? CBError)?.code))
    }

    func peripheralManager(_ peripheral: CBPeripheralManager, didOpen channel: CBL2CAPChannel?, error: (any Error)?) {
        let endpoint = channel.map { ChannelEndpoint($0, on: thread) }
        endpoint?.attach()
        sink.yield(.opened(endpoint, (error as? CBError)?.code))
    }
}

/// A peripheral delegate that hands the channels the central opens to endpoints.
final class L2CAPPeripheralDelegate: NSObject, CBPeripheralDelegate, Sendable {
    let opened: AsyncStream<(ChannelEndpoint?, CBError.Code?)>
    private let sink: AsyncStream<(ChannelEndpoint?, CBError.Code?)>.Continuation
    let thread: StreamThread

    init(thread: StreamThread) {
        (opened, sink) = AsyncStream.makeStream(of: (ChannelEndpoint?, CBError.Code?).self)
        self.thread = thread
    }

    func peripheral(_ peripheral: CBPeripheral, didOpen channel: CBL2CAPChannel?, error: (any Error)?) {
        let endpoint = channel.map { ChannelEndpoint($0, on: thread) }
        endpoint?.attach()
        sink.yield((endpoint, (error as? CBError)?.code))
    }
}

/// A connected manager pair set up for L2CAP: the peripheral manager's and the peripheral's delegates replaced by
/// ones that hand channels to endpoints on one stream thread.
struct L2CAPPair {
    var pair: ManagerPair
    let thread: StreamThread
    let manager: L2CAPPeripheralManagerDelegate
    let peripheral: L2CAPPeripheralDelegate
    var managerEvents: AsyncStream<L2CAPPeripheralManagerDelegate.Event>.Iterator
    var opened: AsyncStream<(ChannelEndpoint?, CBError.Code?)>.Iterator

    static func connect(options: [String: Any] = [:], label: String = #function) async throws -> L2CAPPair {
        let pair = try await ManagerPair.connect(options: options, label: label)
        let thread = await StreamThread.start()
        let manager = L2CAPPeripheralManagerDelegate(thread: thread)
        let peripheral = L2CAPPeripheralDelegate(thread: thread)
        pair.sensor.onQueue { pair.sensor.manager.delegate = manager }
        pair.onCentralQueue { pair.peripheral.delegate = peripheral }
        return L2CAPPair(
            pair: pair, thread: thread, manager: manager, peripheral: peripheral,
            managerEvents: manager.events.makeAsyncIterator(), opened: peripheral.opened.makeAsyncIterator())
    }

    /// Publishes a channel and returns its PSM.
    mutating func publish(withEncryption encryption: Bool = false) async throws -> CBL2CAPPSM {
        pair.sensor.onQueue { pair.sensor.manager.publishL2CAPChannel(withEncryption: encryption) }
        guard case .published(let psm, nil) = try #require(await managerEvents.next()) else {
            Issue.record("the channel was not published")
            return 0
        }
        return psm
    }

    /// Opens a channel to `psm` from the central and returns the central's end, or the error it got.
    mutating func open(_ psm: CBL2CAPPSM) async throws -> (ChannelEndpoint?, CBError.Code?) {
        pair.onCentralQueue { pair.peripheral.openL2CAPChannel(psm) }
        return try #require(await opened.next())
    }

    /// The peripheral manager's end of the channel a central opened.
    mutating func accepted() async throws -> ChannelEndpoint {
        while true {
            if case .opened(let endpoint?, nil) = try #require(await managerEvents.next()) { return endpoint }
        }
    }

    func stop() {
        pair.disconnect()
        thread.stop()
    }

    /// Sends `upstream` from the central's end and `downstream` from the peripheral's at once, and waits until
    /// each end received all the other sent.
    static func exchange(
        _ upstream: Data, from central: ChannelEndpoint, _ downstream: Data, from peripheral: ChannelEndpoint
    ) async {
        central.send(upstream)
        peripheral.send(downstream)
        await peripheral.until { $0.received.count >= upstream.count }
        await central.until { $0.received.count >= downstream.count }
    }
}

extension Data {
    /// `count` bytes that do not repeat with any period a bug would hide behind.
    static func pattern(_ count: Int, seed: UInt8) -> Data {
        Data((0..<count).map { UInt8(truncatingIfNeeded: $0 * 7 + $0 / 251 + Int(seed)) })
    }
}
