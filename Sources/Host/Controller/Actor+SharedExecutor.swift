extension Actor {
    /// Runs `operation` on `argument`, isolated to this actor, from code already on the actor's executor under another
    /// actor that shares it (the host and its controller channel). It is `assumeIsolated` with the same check, made
    /// for the data path: `operation` captures nothing (it gets what it needs as `argument`), so it has no closure
    /// context to allocate, and it is taken as escaping so that no `withoutActuallyEscaping` box is allocated per
    /// call either; it is called once, here, and not kept.
    ///
    /// That the caller is on the executor is checked in debug builds (every test and sanitizer run) and trusted in
    /// release ones, where the check cost about 500 instructions per notification: the host takes its executor from
    /// its controller channel, so host-isolated code is always on it, and the channel calls the host's listener only
    /// from its own isolated methods.
    @inline(__always)
    nonisolated func onSharedExecutor<Argument, Result>(
        _ argument: Argument, _ operation: @escaping (isolated Self, Argument) -> Result
    ) -> Result {
        #if DEBUG
            preconditionIsolated()
        #endif
        // The same cast `assumeIsolated` makes: once on the executor, the isolated parameter is a plain one.
        return unsafeBitCast(operation, to: ((Self, Argument) -> Result).self)(self, argument)
    }
}
