import HCI

extension BluetoothHost {
    /// Opens a credit-based channel as iOS does: if the peer refuses it with Insufficient Authentication or
    /// Insufficient Encryption on a link that is not yet encrypted, secures the link (``pair(_:)``) and asks once
    /// more.
    ///
    /// - Throws: What ``openChannel(spsm:on:configuration:creditsFollowConsumption:)`` throws; when securing
    ///   fails, the original refusal, except ``HostError/encryptionFailed(_:_:)`` with PIN or Key Missing, which
    ///   is thrown as it is.
    ///
    /// Bluetooth Core Specification Vol 3, Part A, 10.1 and Vol 3, Part C, 10.2.
    public func openChannelSecured(
        spsm: SPSM, on handle: ConnectionHandle, configuration: CreditBasedChannel.Configuration = .init(),
        creditsFollowConsumption: Bool = false
    ) async throws(HostError) -> L2CAPChannelInfo {
        do {
            return try await openChannel(
                spsm: spsm, on: handle, configuration: configuration, creditsFollowConsumption: creditsFollowConsumption
            )
        } catch {
            guard Self.channelAsksForSecurity(error), security(of: handle).level == .unencrypted else { throw error }
            do {
                try await pair(handle)
            } catch .encryptionFailed(let failed, .pinOrKeyMissing) {
                throw .encryptionFailed(failed, .pinOrKeyMissing)
            } catch let failure {
                logger.info("link \(handle) not secured for a channel to \(spsm): \(failure)")
                throw error
            }
            return try await openChannel(
                spsm: spsm, on: handle, configuration: configuration, creditsFollowConsumption: creditsFollowConsumption
            )
        }
    }

    /// Whether a channel request was refused because the peer wants an encrypted link.
    static func channelAsksForSecurity(_ error: HostError) -> Bool {
        guard case .channelClosed(_, _, .refused(let result)) = error else { return false }
        return result == .insufficientAuthentication || result == .insufficientEncryption
    }
}
