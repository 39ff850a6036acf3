extension ATTBearer {
    /// Runs a GATT client procedure on this bearer: sends each request it asks for and feeds back the
    /// server's answer, an Error Response included, until the procedure finishes or fails.
    ///
    /// Procedures that depend on ATT_MTU should be made with the bearer's ``mtu``.
    ///
    /// - Throws: ``GATTProcedureError/procedure(_:)`` when the server refuses a request or the value is too long,
    ///   ``GATTProcedureError/brokenAnswer(to:_:)`` naming the request whose answer broke the procedure's rules,
    ///   ``GATTProcedureError/bearer(_:)`` when the bearer fails (timeout, disconnection, closure) before it is over.
    ///
    /// Bluetooth Core Specification Vol 3, Part G, 4.
    public func run<P: GATTClientProcedure>(
        _ procedure: P, isolation: isolated (any Actor)? = #isolation
    ) async throws(GATTProcedureError) -> P.Result {
        var procedure = procedure
        var step = procedure.start()
        var lastRequest: ATTPDU?
        while true {
            switch step {
            case .send(let pdu):
                lastRequest = pdu
                let answer: ATTPDU
                do {
                    answer = try await request(pdu, isolation: isolation)
                } catch .malformedResponse {
                    throw .brokenAnswer(
                        to: pdu, .invalidResponse("the answer is malformed, or longer than ATT_MTU (\(mtu))"))
                } catch {
                    throw .bearer(error)
                }
                step = procedure.received(answer)
            case .finished(let result):
                return result
            case .failed(let error):
                throw GATTProcedureError(error, answering: lastRequest)
            }
        }
    }

    /// Sends a Write Without Response; nothing answers it.
    ///
    /// - Throws: ``ATTBearerError/mtuExceeded`` when it does not fit in ATT_MTU, or why the bearer is down.
    ///
    /// Bluetooth Core Specification Vol 3, Part G, 4.9.1.
    public func write(
        _ write: GATTClientWriteWithoutResponse, isolation: isolated (any Actor)? = #isolation
    ) throws(ATTBearerError) {
        try sendCommand(write.pdu, isolation: isolation)
    }
}
