import Glibc
import Synchronization

/// A file descriptor that came with a D-Bus message (type `h`): libdbus hands each reader a duplicate, which this
/// object owns and closes when it goes, unless it was taken out with ``take()``.
public final class BlueZFileDescriptor: Sendable {
    private let descriptor: Atomic<Int32>

    /// Owns `descriptor` from now on.
    public init(adopting descriptor: Int32) {
        self.descriptor = Atomic(descriptor)
    }

    /// The descriptor, still owned by this object (-1 once taken).
    var raw: Int32 { descriptor.load(ordering: .acquiring) }

    /// Hands the descriptor over to the caller, who must close it; nil when it was taken already.
    public func take() -> Int32? {
        let taken = descriptor.exchange(-1, ordering: .acquiringAndReleasing)
        return taken < 0 ? nil : taken
    }

    deinit {
        if let owned = take() { Glibc.close(owned) }
    }
}
