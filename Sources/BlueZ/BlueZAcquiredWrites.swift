import Glibc
import Synchronization

/// The write sockets this process handed bluetoothd through `AcquireWrite` on the characteristics it publishes: one
/// `SOCK_SEQPACKET` socket pair per characteristic, bluetoothd's end in the reply, ours read by a
/// ``BlueZDatagramReader``, one datagram per value written.
///
/// bluetoothd writes into such a socket every write of the characteristic, instead of a `WriteValue` call each; it
/// drops a value its end cannot take, so ours is emptied as fast as values come.
final class BlueZAcquiredWrites: Sendable {
    private let readers = Mutex<[String: BlueZDatagramReader]>([:])

    /// Makes the socket pair for the characteristic at `path` (replacing one it had), starts reading our end with
    /// `forward` getting each batch of values in order, and returns bluetoothd's end.
    func open(
        _ path: String, forward: @escaping @Sendable ([[UInt8]]) -> Void
    ) throws(BlueZError) -> BlueZFileDescriptor {
        // Both ends non-blocking, as bluetoothd makes its own: a full socket drops a value rather than hold
        // bluetoothd's main loop (and with it every other user of Bluetooth on the machine) until this process reads.
        var pair: [Int32] = [-1, -1]
        let type = Int32(SOCK_SEQPACKET.rawValue) | Int32(SOCK_CLOEXEC.rawValue) | Int32(SOCK_NONBLOCK.rawValue)
        guard socketpair(AF_UNIX, type, 0, &pair) == 0 else {
            throw BlueZError(name: "org.bluez.Error.Failed", message: "socketpair failed (errno \(errno))")
        }
        let ours = pair[0]
        let reader = BlueZDatagramReader(
            descriptor: ours, onValues: forward, onEnd: { [weak self] in self?.ended(path) },
            onCancelled: { Glibc.close(ours) })
        readers.withLock { $0.updateValue(reader, forKey: path) }?.cancel()
        reader.start()
        return BlueZFileDescriptor(adopting: pair[1])
    }

    /// Hands on every value waiting in the sockets now, before returning: what bluetoothd wrote before a call it makes
    /// after reaches the app first.
    func drain() {
        for reader in readers.withLock({ Array($0.values) }) { reader.drain() }
    }

    /// Closes the sockets of the characteristics under `root` (every one when nil): bluetoothd sees them hang up.
    func close(under root: String? = nil) {
        let closed = readers.withLock { readers in
            let paths = readers.keys.filter { path in root.map { path == $0 || path.hasPrefix($0 + "/") } ?? true }
            return paths.compactMap { readers.removeValue(forKey: $0) }
        }
        for reader in closed { reader.cancel() }
    }

    /// bluetoothd closed its end of the socket for `path`: forgets our reader, which has stopped (not a newer one).
    private func ended(_ path: String) {
        readers.withLock { readers in
            if readers[path]?.isCancelled == true { readers[path] = nil }
        }
    }
}
