/// Carries a value that is only ever opened on one dispatch queue across a concurrency boundary.
///
/// The framework's objects (peripherals, services, characteristics) live on their manager's delegate queue;
/// a host call's completion carries them there in this box, and opens it only on that queue.
struct QueueConfined<Value>: @unchecked Sendable {
    /// The value; read it only on the queue that owns it.
    let value: Value

    init(_ value: Value) {
        self.value = value
    }
}
