import HCI

/// The event that answers a command: Command Complete with its return parameters, or Command Status, or the
/// failure status either carries.
enum CommandAnswer {
    /// Opcodes the controller answers with Command Status, so a malformed one still gets the right kind of reply.
    static let asyncOpcodes: Set<HCIOpcode> = [
        DisconnectCommand.opcode, ReadRemoteVersionInformationCommand.opcode, LECreateConnectionCommand.opcode,
        LEConnectionUpdateCommand.opcode, LEReadRemoteFeaturesCommand.opcode, LESetPHYCommand.opcode,
        LEEnableEncryptionCommand.opcode, LEExtendedCreateConnectionCommand.opcode,
    ]

    /// Runs a command's handler and answers with Command Complete carrying its return parameters, or its failure
    /// status.
    static func complete<C: HCICommand>(
        _ command: C, _ handler: (C) throws(ControllerError) -> C.ReturnParameters
    ) -> HCIEventPacket {
        do {
            let parameters = try handler(command)
            return HCIEventPacket(
                CommandCompleteEvent(numHCICommandPackets: 1, answering: C.self, returning: parameters))
        } catch {
            return HCIEventPacket(
                CommandCompleteEvent(numHCICommandPackets: 1, opcode: C.opcode, failure: error.status))
        }
    }

    /// Runs a command's handler and acknowledges it with Command Status; the handler's events (its outcome) follow.
    static func acknowledge<C: HCIAsyncCommand>(
        _ command: C, _ handler: (C) throws(ControllerError) -> Void
    ) -> HCIEventPacket {
        var status = HCIStatus.success
        do {
            try handler(command)
        } catch {
            status = error.status
        }
        return HCIEventPacket(CommandStatusEvent(status: status, numHCICommandPackets: 1, opcode: C.opcode))
    }

    /// The answer to a command that could not be decoded or is not supported, of the kind its opcode gets.
    static func refusal(of opcode: HCIOpcode, status: HCIStatus) -> HCIEventPacket {
        if asyncOpcodes.contains(opcode) {
            return HCIEventPacket(CommandStatusEvent(status: status, numHCICommandPackets: 1, opcode: opcode))
        }
        return HCIEventPacket(CommandCompleteEvent(numHCICommandPackets: 1, opcode: opcode, failure: status))
    }
}
