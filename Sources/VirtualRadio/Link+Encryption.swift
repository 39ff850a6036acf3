import HCI

/// Starting and refreshing link encryption: the central's host gives a key, the peripheral's host must give
/// the same one.
extension Link {
    /// Bluetooth Core Specification Vol 4, Part E, 7.8.24; Vol 6, Part B, 5.1.3.
    func enableEncryption(_ command: LEEnableEncryptionCommand, from side: LinkSide) throws(ControllerError) {
        guard side == .central, encryptionRequest == nil else { throw .commandDisallowed }
        guard let peripheral = present(.peripheral) else { throw .unknownConnectionIdentifier }
        guard peripheral.masks.allows(LELongTermKeyRequestEvent.subeventCode) else {
            tell(
                .central,
                EncryptionChangeEvent(status: .pinOrKeyMissing, handle: centralHandle, encryptionEnabled: 0x00))
            return
        }
        encryptionRequest = EncryptionRequest(
            randomNumber: command.randomNumber, encryptedDiversifier: command.encryptedDiversifier,
            longTermKey: command.longTermKey)
        tell(
            .peripheral,
            LELongTermKeyRequestEvent(
                handle: peripheralHandle, randomNumber: command.randomNumber,
                encryptedDiversifier: command.encryptedDiversifier))
    }

    /// Matching keys turn encryption on (or refresh it) on both sides; different keys make the first
    /// encrypted packet fail its MIC check, which ends the link on both sides with reason 0x3D.
    ///
    /// Bluetooth Core Specification Vol 4, Part E, 7.8.25, 7.7.8 and 7.7.39.
    func longTermKeyReply(
        _ command: LELongTermKeyRequestReplyCommand, from side: LinkSide
    ) throws(ControllerError) -> LELongTermKeyRequestReplyCommand.ReturnParameters {
        guard side == .peripheral, let request = encryptionRequest else { throw .commandDisallowed }
        encryptionRequest = nil
        guard request.longTermKey == command.longTermKey else {
            requested.append(
                .end(notify: [.central: .connectionTerminatedMICFailure, .peripheral: .connectionTerminatedMICFailure]))
            return .init(handle: command.handle)
        }
        let refresh = encrypted
        encrypted = true
        for side in [LinkSide.central, .peripheral] {
            if refresh {
                tell(side, EncryptionKeyRefreshCompleteEvent(status: .success, handle: handle(side)))
            } else {
                tell(side, EncryptionChangeEvent(status: .success, handle: handle(side), encryptionEnabled: 0x01))
            }
        }
        return .init(handle: command.handle)
    }

    /// The central's host hears Encryption Change with PIN or Key Missing (0x06); the link stays, unencrypted.
    ///
    /// Bluetooth Core Specification Vol 4, Part E, 7.8.26.
    func longTermKeyNegativeReply(
        _ command: LELongTermKeyRequestNegativeReplyCommand, from side: LinkSide
    ) throws(ControllerError) -> LELongTermKeyRequestNegativeReplyCommand.ReturnParameters {
        guard side == .peripheral, encryptionRequest != nil else { throw .commandDisallowed }
        encryptionRequest = nil
        encrypted = false
        tell(.central, EncryptionChangeEvent(status: .pinOrKeyMissing, handle: centralHandle, encryptionEnabled: 0x00))
        return .init(handle: command.handle)
    }
}
