import CoreBluetooth
import Foundation
import Synchronization

/// One end of an L2CAP channel driven through its streams as an app would: scheduled on a ``RunLoopThread``,
/// bytes read as they arrive and written as the output stream takes them; when echoing, every byte read is
/// written back.
///
/// `@unchecked Sendable` because the channel and its streams are not: once ``attach(on:)`` ran, they are touched
/// only on the run-loop thread; what tests read is kept under a mutex.
final class ChannelStreams: NSObject, StreamDelegate, @unchecked Sendable {
    /// What the streams did so far.
    struct Record {
        var received = Data()
        var written = 0
        var inputEnded = false
        var outputEnded = false
        var failures: [String] = []
        var waiters: [(condition: @Sendable (Record) -> Bool, continuation: CheckedContinuation<Void, Never>)] = []
    }

    let channel: CBL2CAPChannel
    /// Whether every byte read is written back.
    let echoes: Bool
    private let record = Mutex(Record())
    private var outgoing = Data()

    init(_ channel: CBL2CAPChannel, echoes: Bool) {
        self.channel = channel
        self.echoes = echoes
    }

    /// The channel's PSM.
    var psm: CBL2CAPPSM { channel.psm }

    /// Makes this object both streams' delegate, schedules them on `thread`'s run loop and opens them.
    func attach(on thread: RunLoopThread) {
        thread.perform { [self] in
            for stream in [channel.inputStream as Stream, channel.outputStream as Stream] {
                stream.delegate = self
                stream.schedule(in: .current, forMode: .default)
                stream.open()
            }
        }
    }

    /// Queues `data` for the peer on `thread`; it is written as the output stream takes it.
    func send(_ data: Data, on thread: RunLoopThread) {
        thread.perform { [self] in
            outgoing.append(data)
            writeOutgoing()
        }
    }

    /// Closes both streams on `thread`, which closes the channel.
    func close(on thread: RunLoopThread) {
        thread.perform { [self] in
            channel.inputStream.close()
            channel.outputStream.close()
        }
    }

    /// Waits until `condition` holds of what the streams did.
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

    /// What the streams did so far.
    var seen: Record {
        record.withLock { $0 }
    }

    func stream(_ aStream: Stream, handle eventCode: Stream.Event) {
        switch eventCode {
        case .hasBytesAvailable:
            readAvailable()
        case .hasSpaceAvailable:
            writeOutgoing()
        case .endEncountered where aStream === channel.inputStream:
            update { $0.inputEnded = true }
        case .endEncountered:
            update { $0.outputEnded = true }
        case .errorOccurred:
            let error = String(describing: aStream.streamError)
            update { $0.failures.append(error) }
        default:
            break
        }
    }

    private func readAvailable() {
        var chunk = [UInt8](repeating: 0, count: 1024)
        var bytes = Data()
        while channel.inputStream.hasBytesAvailable {
            let count = channel.inputStream.read(&chunk, maxLength: chunk.count)
            guard count > 0 else { break }
            bytes.append(contentsOf: chunk[0..<count])
        }
        update { $0.received.append(bytes) }
        if echoes, !bytes.isEmpty {
            outgoing.append(bytes)
            writeOutgoing()
        }
    }

    private func writeOutgoing() {
        while !outgoing.isEmpty, channel.outputStream.hasSpaceAvailable {
            let count = outgoing.withUnsafeBytes { bytes -> Int in
                guard let base = bytes.bindMemory(to: UInt8.self).baseAddress else { return 0 }
                return channel.outputStream.write(base, maxLength: bytes.count)
            }
            guard count > 0 else { break }
            outgoing.removeFirst(count)
            update { $0.written += count }
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

extension Data {
    /// `count` bytes that repeat with no short period; coc_peer.py's `pattern(count, seed)`.
    static func pattern(_ count: Int, seed: UInt8) -> Data {
        Data((0..<count).map { UInt8(truncatingIfNeeded: $0 * 7 + $0 / 251 + Int(seed)) })
    }
}
