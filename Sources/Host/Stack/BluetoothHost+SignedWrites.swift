import HCI

extension BluetoothHost {
    /// Writes a value without response, signed with the CSRK this host gave the bonded peer and the bond's next
    /// SignCounter, which is stored before the command is sent. On an encrypted link, which already authenticates
    /// the client, the value goes in a plain Write Command instead, as the spec asks, and no CSRK is needed.
    ///
    /// - Throws: ``HostError/noSignatureKey(_:)`` when the link is not encrypted and the peer has no bond with our
    ///   CSRK (or its SignCounter is spent), ``GATTClientError/valueTooLong(length:maximum:)`` when the value does
    ///   not fit in ATT_MTU - 15 bytes, the bond store's error, or why the command could not be sent.
    ///
    /// Bluetooth Core Specification Vol 3, Part G, 4.9.2 and Vol 3, Part H, 2.4.5.
    public func signedWrite(
        _ value: [UInt8], to attribute: AttributeHandle, on handle: ConnectionHandle
    ) throws(HostError) {
        let connection = try connection(handle)
        guard security(of: handle).level == .unencrypted else {
            try writeWithoutResponse(value, to: attribute, on: handle)
            return
        }
        let command = try securityManager.signedWriteCommand(
            value, to: attribute, on: handle, mtu: connection.bearer.mtu)
        do {
            try connection.bearer.sendCommand(.signedWriteCommand(command))
        } catch {
            throw .att(handle, error)
        }
    }
}
