import HCI

extension GATTServer {
    /// Serves a Signed Write Command as a Write Command when the link is not encrypted, the handle is the value of
    /// a characteristic with the Authenticated Signed Writes property, and `verify` accepts the signature; `verify`
    /// is asked last, so that it may take the SignCounter only for a write the other rules allow. The write then
    /// meets the attribute's permissions on the unencrypted link, as a Write Command does.
    ///
    /// - Throws: Why the command is dropped; nothing is sent to the client either way.
    ///
    /// Bluetooth Core Specification Vol 3, Part F, 3.4.5.4; Vol 3, Part G, 4.9.2; Vol 3, Part C, 10.4.
    public mutating func handleSignedWrite(
        _ command: ATTSignedWriteCommand, from connection: ConnectionContext,
        verify: (ATTSignedWriteCommand) -> Bool
    ) throws(SignedWriteRefusal) -> GATTServerOutcome {
        update(connection)
        guard connection.security.level == .unencrypted else { throw .encryptedLink }
        guard
            database.characteristic(valueHandle: command.handle)?.properties.contains(.authenticatedSignedWrites)
                == true
        else { throw .notSignable(command.handle) }
        guard verify(command) else { throw .signatureRejected }
        return handle(.writeCommand(ATTWriteCommand(handle: command.handle, value: command.value)), from: connection)
    }
}
