extension Actor {
    /// Runs `operation` on `argument`, isolated to this actor, from code already on the actor's executor under another
    /// actor that shares it (the host and its controller channel). It is `assumeIsolated` with the same check, made
    /// for the data path: `operation` captures nothing (it gets what it needs as `argument`), so no closure context
    /// is allocated per call, and the closure is not reabstracted.
    @inline(__always)
    nonisolated func onSharedExecutor<Argument, Result>(
        _ argument: Argument, _ operation: (isolated Self, Argument) -> Result
    ) -> Result {
        preconditionIsolated()
        return withoutActuallyEscaping(operation) { operation in
            // The same cast `assumeIsolated` makes: once on the executor, the isolated parameter is a plain one.
            unsafeBitCast(operation, to: ((Self, Argument) -> Result).self)(self, argument)
        }
    }
}
