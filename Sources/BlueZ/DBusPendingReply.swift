import CDBus
import Dispatch
import Synchronization

/// One method call awaiting its reply: resumed once, by the reply (libdbus's notify on the dispatch thread), by
/// finding the call already completed, or by its timeout, which cancels the call. libdbus runs no timers without
/// a main loop, so the timeout is ours.
final class DBusPendingReply: Sendable {
    typealias Continuation = CheckedContinuation<Result<[DBusValue], BlueZError>, Never>

    private let api: CDBusAPI
    private let pending: UncheckedPointer
    private let continuation: Continuation
    private let registry: DBusPendingReplies
    private let finished = Atomic<Bool>(false)
    /// The parties still using the pending call, which the last one releases: `send` until it returns, and the
    /// one that resumes the continuation.
    private let users = Atomic<Int>(2)

    private init(api: CDBusAPI, pending: UncheckedPointer, continuation: Continuation, registry: DBusPendingReplies) {
        self.api = api
        self.pending = pending
        self.continuation = continuation
        self.registry = registry
    }

    /// Sends `message` and resumes `continuation` with the reply's arguments or error; `registry` keeps the call
    /// until then, so that closing the connection can fail it.
    static func send(
        _ message: DBusMessage, on connection: UncheckedPointer, api: CDBusAPI, timeout: Int32?,
        registry: DBusPendingReplies, continuation: Continuation
    ) {
        var raw: OpaquePointer?
        guard api.connection_send_with_reply(connection.pointer, message.raw, &raw, Int32(CDBUS_TIMEOUT_INFINITE)) != 0,
            let raw
        else { return continuation.resume(returning: .failure(.unbuildable)) }
        let reply = DBusPendingReply(
            api: api, pending: UncheckedPointer(raw), continuation: continuation, registry: registry)
        registry.insert(reply)
        let context = Unmanaged.passRetained(reply).toOpaque()
        guard api.pending_call_set_notify(raw, pendingNotify, context, releaseReply) != 0 else {
            Unmanaged<DBusPendingReply>.fromOpaque(context).release()
            reply.finish(.failure(.unbuildable))
            return reply.release()
        }
        if api.pending_call_get_completed(raw) != 0 { reply.complete() }
        if let timeout {
            DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(Int(timeout))) { reply.expire() }
        }
        reply.release()
    }

    /// The reply is in: its arguments, or the error it carries.
    ///
    /// Both libdbus's notify (on the dispatch thread) and `send` (finding the call completed) may get here, and
    /// libdbus aborts the process when a reply is stolen twice: only the first caller, and only if no timeout or
    /// close resumed the waiter first, takes the reply.
    fileprivate func complete() {
        guard !finished.exchange(true, ordering: .sequentiallyConsistent) else { return }
        guard let raw = api.pending_call_steal_reply(pending.pointer) else {
            return deliver(
                .failure(BlueZError(name: "org.freedesktop.DBus.Error.NoReply", message: "completed without a reply")))
        }
        let reply = DBusMessage(api: api, adopting: raw)
        var error = CDBusError()
        api.error_init(&error)
        if api.set_error_from_message(&error, reply.raw) != 0 {
            deliver(.failure(BlueZError(error, api: api)))
            api.error_free(&error)
        } else {
            deliver(.success(reply.arguments))
        }
    }

    private func expire() {
        abandon(BlueZError(name: "org.freedesktop.DBus.Error.NoReply", message: "no reply in time"))
    }

    /// Cancels the call and resumes its waiter with `error`, unless it has been resumed already.
    func abandon(_ error: BlueZError) {
        guard !finished.exchange(true, ordering: .sequentiallyConsistent) else { return }
        api.pending_call_cancel(pending.pointer)
        deliver(.failure(error))
    }

    private func finish(_ result: Result<[DBusValue], BlueZError>) {
        guard !finished.exchange(true, ordering: .sequentiallyConsistent) else { return }
        deliver(result)
    }

    private func deliver(_ result: Result<[DBusValue], BlueZError>) {
        registry.remove(self)
        continuation.resume(returning: result)
        release()
    }

    /// Drops one user of the pending call; the last one unreferences it, off the dispatch thread.
    private func release() {
        guard users.subtract(1, ordering: .sequentiallyConsistent).newValue == 0 else { return }
        let api = api
        let pending = pending
        DispatchQueue.global().async { api.pending_call_unref(pending.pointer) }
    }
}

private let pendingNotify: CDBusPendingNotify = { _, context in
    guard let context else { return }
    Unmanaged<DBusPendingReply>.fromOpaque(context).takeUnretainedValue().complete()
}

private let releaseReply: CDBusFree = { context in
    guard let context else { return }
    Unmanaged<DBusPendingReply>.fromOpaque(context).release()
}

/// The calls of one connection still waiting for their replies.
final class DBusPendingReplies: Sendable {
    private let replies = Mutex<[ObjectIdentifier: DBusPendingReply]>([:])

    func insert(_ reply: DBusPendingReply) {
        replies.withLock { $0[ObjectIdentifier(reply)] = reply }
    }

    func remove(_ reply: DBusPendingReply) {
        replies.withLock { $0[ObjectIdentifier(reply)] = nil }
    }

    /// Fails every call still waiting: the connection is closing and no reply will be read.
    func abandonAll() {
        let waiting = replies.withLock { replies in
            defer { replies = [:] }
            return Array(replies.values)
        }
        for reply in waiting {
            reply.abandon(BlueZError(name: "org.freedesktop.DBus.Error.Disconnected", message: "connection closed"))
        }
    }
}
