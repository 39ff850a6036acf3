import HCI

/// Starting and refreshing link encryption: the central's host gives a key, the peripheral's host must give
/// the same one.
extension Air {
    /// Bluetooth Core Specification Vol 4, Part E, 7.8.24; Vol 6, Part B, 5.1.3.
    func enableEncryption(_ command: LEEnableEncryptionCommand, _ c: ControllerState) throws(ControllerError) {
        let link = try link(command.handle, of: c)
        guard link.side(of: c.id) == .central, link.encryptionRequest == nil else { throw .commandDisallowed }
        guard let peripheral = controllers[link.peripheral] else { throw .unknownConnectionIdentifier }
        guard peripheral.masks.allows(LELongTermKeyRequestEvent.subeventCode) else {
            emit(
                EncryptionChangeEvent(status: .pinOrKeyMissing, handle: link.centralHandle, encryptionEnabled: 0x00),
                to: c)
            return
        }
        link.encryptionRequest = Link.EncryptionRequest(
            randomNumber: command.randomNumber, encryptedDiversifier: command.encryptedDiversifier,
            longTermKey: command.longTermKey)
        emit(
            LELongTermKeyRequestEvent(
                handle: link.peripheralHandle, randomNumber: command.randomNumber,
                encryptedDiversifier: command.encryptedDiversifier),
            to: peripheral)
    }

    /// Matching keys turn encryption on (or refresh it) on both sides; different keys make the first
    /// encrypted packet fail its MIC check, which ends the link on both sides with reason 0x3D.
    ///
    /// Bluetooth Core Specification Vol 4, Part E, 7.8.25, 7.7.8 and 7.7.39.
    func longTermKeyReply(
        _ command: LELongTermKeyRequestReplyCommand, _ c: ControllerState
    )
        throws(ControllerError) -> LELongTermKeyRequestReplyCommand.ReturnParameters
    {
        let link = try link(command.handle, of: c)
        guard link.side(of: c.id) == .peripheral, let request = link.encryptionRequest else {
            throw .commandDisallowed
        }
        link.encryptionRequest = nil
        guard request.longTermKey == command.longTermKey else {
            endLink(
                link,
                notify: [.central: .connectionTerminatedMICFailure, .peripheral: .connectionTerminatedMICFailure])
            return .init(handle: command.handle)
        }
        let refresh = link.encrypted
        link.encrypted = true
        for side in [LinkSide.central, .peripheral] {
            guard let host = controllers[link.controller(side)] else { continue }
            if refresh {
                emit(EncryptionKeyRefreshCompleteEvent(status: .success, handle: link.handle(side)), to: host)
            } else {
                emit(
                    EncryptionChangeEvent(status: .success, handle: link.handle(side), encryptionEnabled: 0x01),
                    to: host)
            }
        }
        return .init(handle: command.handle)
    }

    /// The central's host hears Encryption Change with PIN or Key Missing (0x06); the link stays, unencrypted.
    ///
    /// Bluetooth Core Specification Vol 4, Part E, 7.8.26.
    func longTermKeyNegativeReply(
        _ command: LELongTermKeyRequestNegativeReplyCommand, _ c: ControllerState
    )
        throws(ControllerError) -> LELongTermKeyRequestNegativeReplyCommand.ReturnParameters
    {
        let link = try link(command.handle, of: c)
        guard link.side(of: c.id) == .peripheral, link.encryptionRequest != nil else { throw .commandDisallowed }
        link.encryptionRequest = nil
        link.encrypted = false
        if let central = controllers[link.central] {
            emit(
                EncryptionChangeEvent(status: .pinOrKeyMissing, handle: link.centralHandle, encryptionEnabled: 0x00),
                to: central)
        }
        return .init(handle: command.handle)
    }
}
