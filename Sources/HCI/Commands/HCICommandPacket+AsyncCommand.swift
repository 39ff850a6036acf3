extension HCICommandPacket {
    /// Encodes a typed command that the controller answers with Command Status.
    public init<C: HCIAsyncCommand>(_ command: C) {
        self.init(opcode: C.opcode, parameters: command.encoded)
    }
}
