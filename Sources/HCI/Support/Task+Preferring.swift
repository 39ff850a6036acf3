extension Task where Failure == Never {
    /// Starts `operation` preferring `executor`, or as a plain task when there is none.
    ///
    /// A task made with `Task(executorPreference: nil)` still carries a preference record, which the runtime then
    /// looks up under the task's status lock on every hop: in one process that cost a read round trip about 11,000
    /// instructions.
    @discardableResult
    public static func preferring(
        _ executor: (any TaskExecutor)?, _ operation: sending @escaping @isolated(any) () async -> Success
    ) -> Task<Success, Never> {
        guard let executor else { return Task(operation: operation) }
        return Task(executorPreference: executor, operation: operation)
    }
}
