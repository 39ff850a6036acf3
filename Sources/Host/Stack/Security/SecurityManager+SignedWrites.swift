import HCI

/// Signed writes: signing a Write Command with the CSRK this host gave a bonded peer, and checking the ones a
/// bonded peer signs with the CSRK it gave us, SignCounters kept in the bonds.
///
/// Bluetooth Core Specification Vol 3, Part H, 2.4.5 and Vol 3, Part C, 10.4.
extension SecurityManager {
    /// A Signed Write Command carrying `value`, signed with the CSRK this host gave the bonded peer and the bond's
    /// next SignCounter, which is stored before the command is returned.
    ///
    /// - Throws: ``HostError/noSignatureKey(_:)`` when the peer has no bond with our CSRK (or its SignCounter is
    ///   spent), ``GATTClientError/valueTooLong(length:maximum:)`` when the value does not fit in `mtu` - 15
    ///   bytes, or the bond store's error.
    func signedWriteCommand(
        _ value: [UInt8], to attribute: AttributeHandle, on handle: ConnectionHandle, mtu: Int
    ) throws(HostError) -> ATTSignedWriteCommand {
        let link = try link(handle)
        guard var bond = bonds.resolve(link.peer.address), let key = bond.localKeys.signatureKey,
            bond.localSignCounter < UInt32.max
        else { throw .noSignatureKey(handle) }
        let maximum = mtu - 3 - ATTSignedWriteCommand.signatureLength
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
            try bonds.save(bond)
        } catch {
            throw .bondStore(error)
        }
        return command
    }

    /// (Server) Whether a Signed Write Command carries a valid signature by the bonded peer's CSRK with a
    /// SignCounter above the last one taken; the counter is then stored in the bond, so that a replay fails after
    /// a restart too. Anything else is logged and the command dropped.
    ///
    /// Bluetooth Core Specification Vol 3, Part H, 2.4.5 and Vol 3, Part C, 10.4.2.
    func verifySignedWrite(_ command: ATTSignedWriteCommand, on handle: ConnectionHandle) -> Bool {
        guard let link = links[handle], var bond = bonds.resolve(link.peer.address), let key = bond.peerSignatureKey
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
            try bonds.save(bond)
        } catch {
            logger.error("SignCounter of \(bond.peerAddress) not stored; signed write dropped: \(error)")
            return false
        }
        return true
    }
}
