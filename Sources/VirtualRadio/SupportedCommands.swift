import HCI

/// The Supported_Commands table and LMP features a virtual controller reports, by generation.
///
/// Bluetooth Core Specification Vol 4, Part E, 6.27 (octet and bit of each command) and Vol 2, Part C, 3.3; the
/// generation is the Core Specification version that introduced the command (6.27 and each version's
/// "Changes from" list).
enum SupportedCommands {
    /// One implemented command: its opcode, where its bit is, and the first generation that has it.
    struct Entry {
        var opcode: HCIOpcode
        var octet: Int
        var bit: Int
        var since: ControllerGeneration
    }

    /// Every command the virtual controller implements that has a Supported_Commands bit.
    static let entries: [Entry] = [
        Entry(opcode: DisconnectCommand.opcode, octet: 0, bit: 5, since: .v4_0),
        Entry(opcode: ReadRemoteVersionInformationCommand.opcode, octet: 2, bit: 7, since: .v4_0),
        Entry(opcode: SetEventMaskCommand.opcode, octet: 5, bit: 6, since: .v4_0),
        Entry(opcode: ResetCommand.opcode, octet: 5, bit: 7, since: .v4_0),
        Entry(opcode: ReadTransmitPowerLevelCommand.opcode, octet: 10, bit: 2, since: .v4_0),
        Entry(opcode: ReadLocalVersionInformationCommand.opcode, octet: 14, bit: 3, since: .v4_0),
        Entry(opcode: ReadLocalSupportedFeaturesCommand.opcode, octet: 14, bit: 5, since: .v4_0),
        Entry(opcode: ReadBufferSizeCommand.opcode, octet: 14, bit: 7, since: .v4_0),
        Entry(opcode: ReadBDADDRCommand.opcode, octet: 15, bit: 1, since: .v4_0),
        Entry(opcode: ReadRSSICommand.opcode, octet: 15, bit: 5, since: .v4_0),
        Entry(opcode: WriteLEHostSupportCommand.opcode, octet: 24, bit: 6, since: .v4_0),
        Entry(opcode: LESetEventMaskCommand.opcode, octet: 25, bit: 0, since: .v4_0),
        Entry(opcode: LEReadBufferSizeCommand.opcode, octet: 25, bit: 1, since: .v4_0),
        Entry(opcode: LEReadLocalSupportedFeaturesCommand.opcode, octet: 25, bit: 2, since: .v4_0),
        Entry(opcode: LESetRandomAddressCommand.opcode, octet: 25, bit: 4, since: .v4_0),
        Entry(opcode: LESetAdvertisingParametersCommand.opcode, octet: 25, bit: 5, since: .v4_0),
        Entry(opcode: LEReadAdvertisingPhysicalChannelTxPowerCommand.opcode, octet: 25, bit: 6, since: .v4_0),
        Entry(opcode: LESetAdvertisingDataCommand.opcode, octet: 25, bit: 7, since: .v4_0),
        Entry(opcode: LESetScanResponseDataCommand.opcode, octet: 26, bit: 0, since: .v4_0),
        Entry(opcode: LESetAdvertisingEnableCommand.opcode, octet: 26, bit: 1, since: .v4_0),
        Entry(opcode: LESetScanParametersCommand.opcode, octet: 26, bit: 2, since: .v4_0),
        Entry(opcode: LESetScanEnableCommand.opcode, octet: 26, bit: 3, since: .v4_0),
        Entry(opcode: LECreateConnectionCommand.opcode, octet: 26, bit: 4, since: .v4_0),
        Entry(opcode: LECreateConnectionCancelCommand.opcode, octet: 26, bit: 5, since: .v4_0),
        Entry(opcode: LEReadFilterAcceptListSizeCommand.opcode, octet: 26, bit: 6, since: .v4_0),
        Entry(opcode: LEClearFilterAcceptListCommand.opcode, octet: 26, bit: 7, since: .v4_0),
        Entry(opcode: LEAddDeviceToFilterAcceptListCommand.opcode, octet: 27, bit: 0, since: .v4_0),
        Entry(opcode: LERemoveDeviceFromFilterAcceptListCommand.opcode, octet: 27, bit: 1, since: .v4_0),
        Entry(opcode: LEConnectionUpdateCommand.opcode, octet: 27, bit: 2, since: .v4_0),
        Entry(opcode: LEReadRemoteFeaturesCommand.opcode, octet: 27, bit: 5, since: .v4_0),
        Entry(opcode: LEEncryptCommand.opcode, octet: 27, bit: 6, since: .v4_0),
        Entry(opcode: LERandCommand.opcode, octet: 27, bit: 7, since: .v4_0),
        Entry(opcode: LEEnableEncryptionCommand.opcode, octet: 28, bit: 0, since: .v4_0),
        Entry(opcode: LELongTermKeyRequestReplyCommand.opcode, octet: 28, bit: 1, since: .v4_0),
        Entry(opcode: LELongTermKeyRequestNegativeReplyCommand.opcode, octet: 28, bit: 2, since: .v4_0),
        Entry(opcode: LEReadSupportedStatesCommand.opcode, octet: 28, bit: 3, since: .v4_0),
        Entry(opcode: LERemoteConnectionParameterRequestReplyCommand.opcode, octet: 33, bit: 4, since: .v4_2),
        Entry(
            opcode: LERemoteConnectionParameterRequestNegativeReplyCommand.opcode, octet: 33, bit: 5, since: .v4_2),
        Entry(opcode: LESetDataLengthCommand.opcode, octet: 33, bit: 6, since: .v4_2),
        Entry(opcode: LEReadSuggestedDefaultDataLengthCommand.opcode, octet: 33, bit: 7, since: .v4_2),
        Entry(opcode: LEWriteSuggestedDefaultDataLengthCommand.opcode, octet: 34, bit: 0, since: .v4_2),
        Entry(opcode: LEAddDeviceToResolvingListCommand.opcode, octet: 34, bit: 3, since: .v4_2),
        Entry(opcode: LERemoveDeviceFromResolvingListCommand.opcode, octet: 34, bit: 4, since: .v4_2),
        Entry(opcode: LEClearResolvingListCommand.opcode, octet: 34, bit: 5, since: .v4_2),
        Entry(opcode: LEReadResolvingListSizeCommand.opcode, octet: 34, bit: 6, since: .v4_2),
        Entry(opcode: LESetAddressResolutionEnableCommand.opcode, octet: 35, bit: 1, since: .v4_2),
        Entry(opcode: LESetResolvablePrivateAddressTimeoutCommand.opcode, octet: 35, bit: 2, since: .v4_2),
        Entry(opcode: LEReadMaximumDataLengthCommand.opcode, octet: 35, bit: 3, since: .v4_2),
        Entry(opcode: LEReadPHYCommand.opcode, octet: 35, bit: 4, since: .v5_0),
        Entry(opcode: LESetDefaultPHYCommand.opcode, octet: 35, bit: 5, since: .v5_0),
        Entry(opcode: LESetPHYCommand.opcode, octet: 35, bit: 6, since: .v5_0),
        Entry(opcode: LESetAdvertisingSetRandomAddressCommand.opcode, octet: 36, bit: 1, since: .v5_0),
        Entry(opcode: LESetExtendedAdvertisingParametersCommand.opcode, octet: 36, bit: 2, since: .v5_0),
        Entry(opcode: LESetExtendedAdvertisingDataCommand.opcode, octet: 36, bit: 3, since: .v5_0),
        Entry(opcode: LESetExtendedScanResponseDataCommand.opcode, octet: 36, bit: 4, since: .v5_0),
        Entry(opcode: LESetExtendedAdvertisingEnableCommand.opcode, octet: 36, bit: 5, since: .v5_0),
        Entry(opcode: LEReadMaximumAdvertisingDataLengthCommand.opcode, octet: 36, bit: 6, since: .v5_0),
        Entry(opcode: LEReadNumberOfSupportedAdvertisingSetsCommand.opcode, octet: 36, bit: 7, since: .v5_0),
        Entry(opcode: LERemoveAdvertisingSetCommand.opcode, octet: 37, bit: 0, since: .v5_0),
        Entry(opcode: LEClearAdvertisingSetsCommand.opcode, octet: 37, bit: 1, since: .v5_0),
        Entry(opcode: LESetExtendedScanParametersCommand.opcode, octet: 37, bit: 5, since: .v5_0),
        Entry(opcode: LESetExtendedScanEnableCommand.opcode, octet: 37, bit: 6, since: .v5_0),
        Entry(opcode: LEExtendedCreateConnectionCommand.opcode, octet: 37, bit: 7, since: .v5_0),
        Entry(opcode: LESetPrivacyModeCommand.opcode, octet: 39, bit: 2, since: .v5_0),
        Entry(opcode: LEReadBufferSizeV2Command.opcode, octet: 41, bit: 5, since: .v5_3),
    ]

    /// The first generation of each command that has a bit; commands without one (Read Local Supported Commands)
    /// every generation has.
    private static let introduced: [HCIOpcode: ControllerGeneration] = Dictionary(
        uniqueKeysWithValues: entries.map { ($0.opcode, $0.since) })

    /// Whether a controller of `generation` knows the command.
    static func knows(_ opcode: HCIOpcode, in generation: ControllerGeneration) -> Bool {
        introduced[opcode].map { $0 <= generation } ?? true
    }

    /// The 64-octet Supported_Commands table of a generation.
    static func table(for generation: ControllerGeneration) -> [UInt8] {
        tables[generation] ?? []
    }

    private static let tables: [ControllerGeneration: [UInt8]] = Dictionary(
        uniqueKeysWithValues: ControllerGeneration.allCases.map { generation in
            var table = [UInt8](repeating: 0, count: 64)
            for entry in entries where entry.since <= generation {
                table[entry.octet] |= 1 << entry.bit
            }
            return (generation, table)
        })

    /// LMP features page 0: LE Supported (Controller), bit 38, and BR/EDR Not Supported, bit 37.
    static let lmpFeatures: UInt64 = 1 << 38 | 1 << 37
}
