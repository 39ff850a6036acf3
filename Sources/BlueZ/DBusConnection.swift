import CDBus
import Dispatch
import Foundation
import Glibc
import Synchronization

/// A private connection to the D-Bus system bus, dispatched on a thread of its own.
///
/// Signals and incoming method calls reach the handlers given to ``start(onSignal:onMethodCall:)`` on that
/// thread, in the order they arrived. Messages go out from any thread without waiting: a method call's reply comes
/// back on the dispatch thread, so the dispatch thread never blocks on one.
///
/// The dispatch thread waits in a `poll` of its own, not inside libdbus: libdbus lets one thread at a time use the
/// socket, and a thread waiting inside it for input keeps that right for the whole wait. A message another thread
/// sends then stayed queued until the wait ended, and the sender, flushing, could lose the socket to the dispatch
/// thread turn after turn for as long as the bus stayed quiet: seconds, in a loaded VM, long enough for bluetoothd
/// to give up on a `ReadValue` the app had answered (its 5-second limit) and send the central Unlikely Error.
/// Outside libdbus, a sender writes at once; what the socket does not take, libdbus leaves to the dispatch thread,
/// waking it through ``DBusWakeup``.
final class DBusConnection: Sendable {
    let api: CDBusAPI
    private let raw: UncheckedPointer
    private let handlers: HandlerBox
    private let running = Atomic<Bool>(false)
    private let finished = DispatchSemaphore(value: 0)
    private let replies = DBusPendingReplies()
    private let wakeup = DBusWakeup()
    /// Whether the connection may still be used: false once closing, so that a late answer (an app's reply to a
    /// pairing question, after its manager went) or a late call (an operation the app issued before its manager went)
    /// never reaches a freed connection: the call fails with ``BlueZError/closed``.
    private let open = Mutex<Bool>(true)

    /// Connects to the system bus, or to the bus at `address` (a D-Bus address, `unix:path=…`) when given.
    init(address: String? = nil) throws(BlueZError) {
        guard let api = cdbus_api()?.pointee else { throw .noLibrary }
        var error = CDBusError()
        api.error_init(&error)
        guard let raw = Self.open(address, api: api, error: &error) else {
            let failure = BlueZError(error, api: api)
            api.error_free(&error)
            throw failure
        }
        api.connection_set_exit_on_disconnect(raw, 0)
        self.api = api
        self.raw = UncheckedPointer(raw)
        handlers = HandlerBox()
    }

    /// A private connection to the system bus or to `address`, registered with the bus; nil with `error` set when
    /// either step failed.
    private static func open(_ address: String?, api: CDBusAPI, error: inout CDBusError) -> OpaquePointer? {
        guard let address else { return api.bus_get_private(Int32(CDBUS_BUS_SYSTEM), &error) }
        guard let raw = api.connection_open_private(address, &error) else { return nil }
        guard api.bus_register(raw, &error) != 0 else {
            api.connection_close(raw)
            api.connection_unref(raw)
            return nil
        }
        return raw
    }

    /// This connection's unique bus name.
    var uniqueName: String {
        open.withLock { open in
            guard open else { return "" }
            return api.bus_get_unique_name(raw.pointer).map { String(cString: $0) } ?? ""
        }
    }

    /// Asks the bus for the signals a match rule describes.
    func addMatch(_ rule: String) {
        open.withLock { open in
            guard open else { return }
            api.bus_add_match(raw.pointer, rule, nil)
        }
    }

    /// Starts dispatching: `onSignal` gets every signal, `onMethodCall` every method call addressed to this
    /// connection (it must answer each, through ``send(_:)``).
    func start(
        onSignal: @escaping @Sendable (DBusMessage) -> Void, onMethodCall: @escaping @Sendable (DBusMessage) -> Void
    ) {
        handlers.set(signal: onSignal, methodCall: onMethodCall)
        let context = Unmanaged.passUnretained(handlers).toOpaque()
        _ = api.connection_add_filter(raw.pointer, dbusFilter, context, nil)
        api.connection_set_wakeup_main_function(
            raw.pointer, dbusWakeupMain, Unmanaged.passUnretained(wakeup).toOpaque(), nil)
        var descriptor: Int32 = -1
        _ = api.connection_get_unix_fd(raw.pointer, &descriptor)
        let socket = descriptor
        running.store(true, ordering: .sequentiallyConsistent)
        let thread = Thread { [self] in
            while running.load(ordering: .sequentiallyConsistent), turn(socket) {}
            finished.signal()
        }
        thread.name = "D-Bus dispatch"
        thread.start()
    }

    /// One turn of the dispatch thread: waits until the socket has input, or can take the messages queued to send,
    /// or ``wakeup`` is signalled; then reads and writes what the socket allows without blocking and dispatches
    /// every message read. False once the connection is lost.
    private func turn(_ socket: Int32) -> Bool {
        let output = api.connection_has_messages_to_send(raw.pointer) != 0 ? Int16(POLLOUT) : 0
        var descriptors = [
            pollfd(fd: socket, events: Int16(POLLIN) | output, revents: 0),
            pollfd(fd: wakeup.descriptor, events: Int16(POLLIN), revents: 0),
        ]
        _ = poll(&descriptors, 2, -1)
        wakeup.drain()
        guard api.connection_read_write(raw.pointer, 0) != 0 else { return false }
        while api.connection_dispatch(raw.pointer) == Int32(CDBUS_DISPATCH_DATA_REMAINS) {}
        return true
    }

    /// Sends a message that needs no reply (a signal, or the answer to a call), from any thread, without waiting.
    func send(_ message: DBusMessage) {
        open.withLock { open in
            guard open else { return }
            _ = api.connection_send(raw.pointer, message.raw, nil)
        }
    }

    /// Calls a method and waits for its reply's arguments; `timeout` in milliseconds, nil for as long as it takes.
    ///
    /// The reply arrives on the dispatch thread, so no thread blocks waiting for it: the dispatch thread stays free
    /// to answer the calls bluetoothd makes to this process before it replies (`RegisterApplication` reads the
    /// exported objects first).
    func call(
        _ destination: String, path: String, interface: String, member: String, arguments: [DBusValue] = [],
        timeout: Int32? = 25_000
    ) async throws(BlueZError) -> [DBusValue] {
        guard
            let message = DBusMessage.methodCall(
                api: api, destination: destination, path: path, interface: interface, member: member,
                arguments: arguments)
        else { throw .unbuildable }
        let result = await withCheckedContinuation { continuation in
            open.withLock { open in
                guard open else {
                    return continuation.resume(returning: Result<[DBusValue], BlueZError>.failure(BlueZError.closed))
                }
                DBusPendingReply.send(
                    message, on: raw, api: api, timeout: timeout, registry: replies, continuation: continuation)
            }
        }
        return try result.get()
    }

    /// Stops dispatching and closes the connection, once what was sent before has gone out (the dispatch thread may
    /// have been left some of it).
    func close() {
        guard running.exchange(false, ordering: .sequentiallyConsistent) else { return }
        wakeup.signal()
        finished.wait()
        open.withLock { $0 = false }
        replies.abandonAll()
        api.connection_flush(raw.pointer)
        api.connection_close(raw.pointer)
        api.connection_unref(raw.pointer)
    }
}

/// A libdbus pointer that may cross threads (libdbus is initialised for threads).
struct UncheckedPointer: @unchecked Sendable {
    let pointer: OpaquePointer
    init(_ pointer: OpaquePointer) { self.pointer = pointer }
}

/// The handlers the filter function hands messages to.
private final class HandlerBox: Sendable {
    private struct Handlers {
        var signal: @Sendable (DBusMessage) -> Void
        var methodCall: @Sendable (DBusMessage) -> Void
    }
    private let handlers = Mutex<Handlers?>(nil)

    func set(
        signal: @escaping @Sendable (DBusMessage) -> Void, methodCall: @escaping @Sendable (DBusMessage) -> Void
    ) {
        handlers.withLock { $0 = Handlers(signal: signal, methodCall: methodCall) }
    }

    func handle(_ message: DBusMessage) -> Bool {
        guard let current = handlers.withLock({ $0 }) else { return false }
        switch message.type {
        case Int32(CDBUS_MESSAGE_TYPE_SIGNAL):
            current.signal(message)
            return false
        case Int32(CDBUS_MESSAGE_TYPE_METHOD_CALL):
            current.methodCall(message)
            return true
        default:
            return false
        }
    }
}

private let dbusFilter: CDBusFilter = { _, message, context in
    guard let context, let api = cdbus_api()?.pointee else { return Int32(CDBUS_HANDLER_RESULT_NOT_YET_HANDLED) }
    let box = Unmanaged<HandlerBox>.fromOpaque(context).takeUnretainedValue()
    let handled = box.handle(DBusMessage(api: api, retaining: message))
    return Int32(handled ? CDBUS_HANDLER_RESULT_HANDLED : CDBUS_HANDLER_RESULT_NOT_YET_HANDLED)
}

extension BlueZError {
    /// The name and message libdbus filled in.
    init(_ error: CDBusError, api: CDBusAPI) {
        self.init(
            name: error.name.map { String(cString: $0) } ?? "org.freedesktop.DBus.Error.Failed",
            message: error.message.map { String(cString: $0) } ?? "")
    }
}
