import HCI

extension BluetoothHost {
    /// Sends LE Enable Encryption for the Security Manager; a refusal counts as failed encryption.
    ///
    /// Bluetooth Core Specification Vol 4, Part E, 7.8.24.
    func enableEncryption(_ command: LEEnableEncryptionCommand) {
        Task {
            do throws(HCIError) {
                try await controller.execute(command)
            } catch {
                var status = HCIStatus.unspecifiedError
                if case .commandFailed(_, let refusal) = error { status = refusal }
                securityManager.encryptionChanged(command.handle, status: status, enabled: false, keySize: nil)
            }
        }
    }

    /// Answers the controller's long-term key request on a link with the Security Manager's key, or refuses it.
    ///
    /// Bluetooth Core Specification Vol 4, Part E, 7.8.25 and 7.8.26.
    func replyLongTermKey(_ handle: ConnectionHandle, _ key: UInt128?) {
        Task {
            do {
                if let key {
                    _ = try await controller.execute(
                        LELongTermKeyRequestReplyCommand(handle: handle, longTermKey: SecurityManager.wireBytes(key)))
                } else {
                    _ = try await controller.execute(LELongTermKeyRequestNegativeReplyCommand(handle: handle))
                }
            } catch {
                logger.warning("LTK request on \(handle) not answered: \(error)")
            }
        }
    }
}
