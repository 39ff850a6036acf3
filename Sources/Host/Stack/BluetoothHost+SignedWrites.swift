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
        guard connection.security.level == .unencrypted else {
            try writeWithoutResponse(value, to: attribute, on: handle)
            return
        }
        guard var bond = savedBonds.resolve(connection.link.peerAddress), let key = bond.localKeys.signatureKey,
            bond.localSignCounter < UInt32.max
        else { throw .noSignatureKey(handle) }
        let maximum = connection.bearer.mtu - 3 - ATTSignedWriteCommand.signatureLength
        guard value.count <= maximum else {
            throw .gatt(handle, .procedure(.valueTooLong(length: value.count, maximum: maximum)))
        }
        var writer = ByteWriter()
        ATTSignedWriteCommand.opcode.encode(into: &writer)
        attribute.encode(into: &writer)
        writer.write(bytes: value)
        let command = ATTSignedWriteCommand(
            handle: attribute, value: value,
            signature: CryptoToolbox.signature(key: key, message: writer.bytes, signCounter: bond.localSignCounter))
        bond.localSignCounter += 1
        do {
            try savedBonds.save(bond)
        } catch {
            throw .bondStore(error)
        }
        do {
            try connection.bearer.sendCommand(.signedWriteCommand(command))
        } catch {
            throw .att(handle, error)
        }
    }

    /// (Server) Whether a Signed Write Command carries a valid signature by the bonded peer's CSRK with a
    /// SignCounter above the last one taken; the counter is then stored in the bond, so that a replay fails after
    /// a restart too. Anything else is logged and the command dropped.
    ///
    /// Bluetooth Core Specification Vol 3, Part H, 2.4.5 and Vol 3, Part C, 10.4.2.
    func verifySignedWrite(_ command: ATTSignedWriteCommand, on handle: ConnectionHandle) -> Bool {
        guard let connection = connections[handle], var bond = savedBonds.resolve(connection.link.peerAddress),
            let key = bond.peerSignatureKey
        else {
            logger.info("signed write on \(handle) dropped: the peer has given us no CSRK")
            return false
        }
        guard let counter = CryptoToolbox.signCounter(of: command.signature) else { return false }
        if let last = bond.peerSignCounter, counter <= last {
            logger.warning("signed write on \(handle) dropped: SignCounter \(counter) is not above \(last)")
            return false
        }
        guard
            CryptoToolbox.signature(key: key, message: command.signedBytes, signCounter: counter)
                == command.signature
        else {
            logger.warning("signed write on \(handle) dropped: the signature does not match the peer's CSRK")
            return false
        }
        bond.peerSignCounter = counter
        do {
            try savedBonds.save(bond)
        } catch {
            logger.error("SignCounter of \(bond.peerAddress) not stored; signed write dropped: \(error)")
            return false
        }
        return true
    }
}
