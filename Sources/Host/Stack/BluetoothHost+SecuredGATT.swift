import HCI

extension BluetoothHost {
    /// Runs a GATT client procedure as iOS does: if the server answers Insufficient Authentication or Insufficient
    /// Encryption on a link that is not yet encrypted, secures the link (``pair(_:)``: encryption with the bond's
    /// key, or pairing) and runs the procedure once more.
    ///
    /// - Throws: The procedure's error; when securing fails, the original ATT error, except
    ///   ``HostError/encryptionFailed(_:_:)`` with PIN or Key Missing (the peer lost the bond), which is thrown as
    ///   it is. The pairing's own outcome is also reported as a ``HostEvent``.
    ///
    /// Bluetooth Core Specification Vol 3, Part C, 10.3.2 and Vol 3, Part G, 8.1.
    public func runSecured<P: GATTClientProcedure>(
        _ procedure: P, on handle: ConnectionHandle
    ) async throws(HostError) -> P.Result {
        do {
            return try await run(procedure, on: handle)
        } catch {
            guard Self.asksForSecurity(error), security(of: handle).level == .unencrypted else { throw error }
            do {
                try await pair(handle)
            } catch .encryptionFailed(let failed, .pinOrKeyMissing) {
                throw .encryptionFailed(failed, .pinOrKeyMissing)
            } catch let failure {
                logger.info("link \(handle) not secured for a GATT procedure: \(failure)")
                throw error
            }
            return try await run(procedure, on: handle)
        }
    }

    /// Whether a procedure failed because the server wants an encrypted link.
    static func asksForSecurity(_ error: HostError) -> Bool {
        guard case .gatt(_, .procedure(.attError(let code, _))) = error else { return false }
        return code == .insufficientAuthentication || code == .insufficientEncryption
    }
}
