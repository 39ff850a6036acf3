import HCI

extension BluetoothHost {
    /// Takes a PDU on the Security Manager channel. Pairing is not offered yet: a Pairing Request
    /// or Security Request is answered with Pairing Failed (Pairing Not Supported).
    ///
    /// Bluetooth Core Specification Vol 3, Part H, 3.5.5.
    func securityManagerReceived(_ payload: [UInt8], on connection: HostConnection) {
        guard let opcode = payload.first, opcode == SMPOpcode.pairingRequest.rawValue || opcode == SMPOpcode.securityRequest.rawValue
        else { return }
        send(
            SMPPDU.pairingFailed(PairingFailed(reason: .pairingNotSupported)).encoded, on: .smp,
            to: connection.link.handle)
    }
}
