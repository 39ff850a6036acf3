/// Every HCI command this package speaks, decoded from its packet; other opcodes stay raw.
///
/// The one registry of commands: a controller decodes what it receives through it.
///
/// Bluetooth Core Specification Vol 4, Part E, 7.
public enum KnownCommand: Hashable, Sendable {
    /// Reset.
    case reset(ResetCommand)
    /// Set Event Mask.
    case setEventMask(SetEventMaskCommand)
    /// Write LE Host Support.
    case writeLEHostSupport(WriteLEHostSupportCommand)
    /// Read Local Version Information.
    case readLocalVersionInformation(ReadLocalVersionInformationCommand)
    /// Read Local Supported Commands.
    case readLocalSupportedCommands(ReadLocalSupportedCommandsCommand)
    /// Read Local Supported Features.
    case readLocalSupportedFeatures(ReadLocalSupportedFeaturesCommand)
    /// Read BDADDR.
    case readBDADDR(ReadBDADDRCommand)
    /// Read Buffer Size.
    case readBufferSize(ReadBufferSizeCommand)
    /// Read RSSI.
    case readRSSI(ReadRSSICommand)
    /// Read Transmit Power Level.
    case readTransmitPowerLevel(ReadTransmitPowerLevelCommand)
    /// Read Remote Version Information.
    case readRemoteVersionInformation(ReadRemoteVersionInformationCommand)
    /// Disconnect.
    case disconnect(DisconnectCommand)
    /// LE Set Event Mask.
    case leSetEventMask(LESetEventMaskCommand)
    /// LE Read Buffer Size.
    case leReadBufferSize(LEReadBufferSizeCommand)
    /// LE Read Buffer Size V2.
    case leReadBufferSizeV2(LEReadBufferSizeV2Command)
    /// LE Read Local Supported Features.
    case leReadLocalSupportedFeatures(LEReadLocalSupportedFeaturesCommand)
    /// LE Set Random Address.
    case leSetRandomAddress(LESetRandomAddressCommand)
    /// LE Rand.
    case leRand(LERandCommand)
    /// LE Encrypt.
    case leEncrypt(LEEncryptCommand)
    /// LE Read Supported States.
    case leReadSupportedStates(LEReadSupportedStatesCommand)
    /// LE Set Advertising Parameters.
    case leSetAdvertisingParameters(LESetAdvertisingParametersCommand)
    /// LE Read Advertising Physical Channel Tx Power.
    case leReadAdvertisingPhysicalChannelTxPower(LEReadAdvertisingPhysicalChannelTxPowerCommand)
    /// LE Set Advertising Data.
    case leSetAdvertisingData(LESetAdvertisingDataCommand)
    /// LE Set Scan Response Data.
    case leSetScanResponseData(LESetScanResponseDataCommand)
    /// LE Set Advertising Enable.
    case leSetAdvertisingEnable(LESetAdvertisingEnableCommand)
    /// LE Set Scan Parameters.
    case leSetScanParameters(LESetScanParametersCommand)
    /// LE Set Scan Enable.
    case leSetScanEnable(LESetScanEnableCommand)
    /// LE Create Connection.
    case leCreateConnection(LECreateConnectionCommand)
    /// LE Create Connection Cancel.
    case leCreateConnectionCancel(LECreateConnectionCancelCommand)
    /// LE Connection Update.
    case leConnectionUpdate(LEConnectionUpdateCommand)
    /// LE Read Remote Features.
    case leReadRemoteFeatures(LEReadRemoteFeaturesCommand)
    /// LE Remote Connection Parameter Request Reply.
    case leRemoteConnectionParameterRequestReply(LERemoteConnectionParameterRequestReplyCommand)
    /// LE Remote Connection Parameter Request Negative Reply.
    case leRemoteConnectionParameterRequestNegativeReply(LERemoteConnectionParameterRequestNegativeReplyCommand)
    /// LE Set Data Length.
    case leSetDataLength(LESetDataLengthCommand)
    /// LE Read Suggested Default Data Length.
    case leReadSuggestedDefaultDataLength(LEReadSuggestedDefaultDataLengthCommand)
    /// LE Write Suggested Default Data Length.
    case leWriteSuggestedDefaultDataLength(LEWriteSuggestedDefaultDataLengthCommand)
    /// LE Read Maximum Data Length.
    case leReadMaximumDataLength(LEReadMaximumDataLengthCommand)
    /// LE Read PHY.
    case leReadPHY(LEReadPHYCommand)
    /// LE Set Default PHY.
    case leSetDefaultPHY(LESetDefaultPHYCommand)
    /// LE Set PHY.
    case leSetPHY(LESetPHYCommand)
    /// LE Enable Encryption.
    case leEnableEncryption(LEEnableEncryptionCommand)
    /// LE Long Term Key Request Reply.
    case leLongTermKeyRequestReply(LELongTermKeyRequestReplyCommand)
    /// LE Long Term Key Request Negative Reply.
    case leLongTermKeyRequestNegativeReply(LELongTermKeyRequestNegativeReplyCommand)
    /// LE Read Filter Accept List Size.
    case leReadFilterAcceptListSize(LEReadFilterAcceptListSizeCommand)
    /// LE Clear Filter Accept List.
    case leClearFilterAcceptList(LEClearFilterAcceptListCommand)
    /// LE Add Device To Filter Accept List.
    case leAddDeviceToFilterAcceptList(LEAddDeviceToFilterAcceptListCommand)
    /// LE Remove Device From Filter Accept List.
    case leRemoveDeviceFromFilterAcceptList(LERemoveDeviceFromFilterAcceptListCommand)
    /// LE Add Device To Resolving List.
    case leAddDeviceToResolvingList(LEAddDeviceToResolvingListCommand)
    /// LE Remove Device From Resolving List.
    case leRemoveDeviceFromResolvingList(LERemoveDeviceFromResolvingListCommand)
    /// LE Clear Resolving List.
    case leClearResolvingList(LEClearResolvingListCommand)
    /// LE Read Resolving List Size.
    case leReadResolvingListSize(LEReadResolvingListSizeCommand)
    /// LE Set Address Resolution Enable.
    case leSetAddressResolutionEnable(LESetAddressResolutionEnableCommand)
    /// LE Set Resolvable Private Address Timeout.
    case leSetResolvablePrivateAddressTimeout(LESetResolvablePrivateAddressTimeoutCommand)
    /// LE Set Privacy Mode.
    case leSetPrivacyMode(LESetPrivacyModeCommand)
    /// LE Set Advertising Set Random Address.
    case leSetAdvertisingSetRandomAddress(LESetAdvertisingSetRandomAddressCommand)
    /// LE Set Extended Advertising Parameters.
    case leSetExtendedAdvertisingParameters(LESetExtendedAdvertisingParametersCommand)
    /// LE Set Extended Advertising Data.
    case leSetExtendedAdvertisingData(LESetExtendedAdvertisingDataCommand)
    /// LE Set Extended Scan Response Data.
    case leSetExtendedScanResponseData(LESetExtendedScanResponseDataCommand)
    /// LE Set Extended Advertising Enable.
    case leSetExtendedAdvertisingEnable(LESetExtendedAdvertisingEnableCommand)
    /// LE Read Maximum Advertising Data Length.
    case leReadMaximumAdvertisingDataLength(LEReadMaximumAdvertisingDataLengthCommand)
    /// LE Read Number Of Supported Advertising Sets.
    case leReadNumberOfSupportedAdvertisingSets(LEReadNumberOfSupportedAdvertisingSetsCommand)
    /// LE Remove Advertising Set.
    case leRemoveAdvertisingSet(LERemoveAdvertisingSetCommand)
    /// LE Clear Advertising Sets.
    case leClearAdvertisingSets(LEClearAdvertisingSetsCommand)
    /// LE Set Extended Scan Parameters.
    case leSetExtendedScanParameters(LESetExtendedScanParametersCommand)
    /// LE Set Extended Scan Enable.
    case leSetExtendedScanEnable(LESetExtendedScanEnableCommand)
    /// LE Extended Create Connection.
    case leExtendedCreateConnection(LEExtendedCreateConnectionCommand)
    /// A command this package does not decode, kept as it arrived.
    case unknown(HCICommandPacket)

    /// Decodes a command packet; an unknown opcode gives ``unknown(_:)``, a known one with malformed parameters throws.
    public init(_ packet: HCICommandPacket) throws(DecodeError) {
        let parameters = packet.parameters
        switch packet.opcode {
        case ResetCommand.opcode:
            self = .reset(try .init(decoding: parameters))
        case SetEventMaskCommand.opcode:
            self = .setEventMask(try .init(decoding: parameters))
        case WriteLEHostSupportCommand.opcode:
            self = .writeLEHostSupport(try .init(decoding: parameters))
        case ReadLocalVersionInformationCommand.opcode:
            self = .readLocalVersionInformation(try .init(decoding: parameters))
        case ReadLocalSupportedCommandsCommand.opcode:
            self = .readLocalSupportedCommands(try .init(decoding: parameters))
        case ReadLocalSupportedFeaturesCommand.opcode:
            self = .readLocalSupportedFeatures(try .init(decoding: parameters))
        case ReadBDADDRCommand.opcode:
            self = .readBDADDR(try .init(decoding: parameters))
        case ReadBufferSizeCommand.opcode:
            self = .readBufferSize(try .init(decoding: parameters))
        case ReadRSSICommand.opcode:
            self = .readRSSI(try .init(decoding: parameters))
        case ReadTransmitPowerLevelCommand.opcode:
            self = .readTransmitPowerLevel(try .init(decoding: parameters))
        case ReadRemoteVersionInformationCommand.opcode:
            self = .readRemoteVersionInformation(try .init(decoding: parameters))
        case DisconnectCommand.opcode:
            self = .disconnect(try .init(decoding: parameters))
        case LESetEventMaskCommand.opcode:
            self = .leSetEventMask(try .init(decoding: parameters))
        case LEReadBufferSizeCommand.opcode:
            self = .leReadBufferSize(try .init(decoding: parameters))
        case LEReadBufferSizeV2Command.opcode:
            self = .leReadBufferSizeV2(try .init(decoding: parameters))
        case LEReadLocalSupportedFeaturesCommand.opcode:
            self = .leReadLocalSupportedFeatures(try .init(decoding: parameters))
        case LESetRandomAddressCommand.opcode:
            self = .leSetRandomAddress(try .init(decoding: parameters))
        case LERandCommand.opcode:
            self = .leRand(try .init(decoding: parameters))
        case LEEncryptCommand.opcode:
            self = .leEncrypt(try .init(decoding: parameters))
        case LEReadSupportedStatesCommand.opcode:
            self = .leReadSupportedStates(try .init(decoding: parameters))
        case LESetAdvertisingParametersCommand.opcode:
            self = .leSetAdvertisingParameters(try .init(decoding: parameters))
        case LEReadAdvertisingPhysicalChannelTxPowerCommand.opcode:
            self = .leReadAdvertisingPhysicalChannelTxPower(try .init(decoding: parameters))
        case LESetAdvertisingDataCommand.opcode:
            self = .leSetAdvertisingData(try .init(decoding: parameters))
        case LESetScanResponseDataCommand.opcode:
            self = .leSetScanResponseData(try .init(decoding: parameters))
        case LESetAdvertisingEnableCommand.opcode:
            self = .leSetAdvertisingEnable(try .init(decoding: parameters))
        case LESetScanParametersCommand.opcode:
            self = .leSetScanParameters(try .init(decoding: parameters))
        case LESetScanEnableCommand.opcode:
            self = .leSetScanEnable(try .init(decoding: parameters))
        case LECreateConnectionCommand.opcode:
            self = .leCreateConnection(try .init(decoding: parameters))
        case LECreateConnectionCancelCommand.opcode:
            self = .leCreateConnectionCancel(try .init(decoding: parameters))
        case LEConnectionUpdateCommand.opcode:
            self = .leConnectionUpdate(try .init(decoding: parameters))
        case LEReadRemoteFeaturesCommand.opcode:
            self = .leReadRemoteFeatures(try .init(decoding: parameters))
        case LERemoteConnectionParameterRequestReplyCommand.opcode:
            self = .leRemoteConnectionParameterRequestReply(try .init(decoding: parameters))
        case LERemoteConnectionParameterRequestNegativeReplyCommand.opcode:
            self = .leRemoteConnectionParameterRequestNegativeReply(try .init(decoding: parameters))
        case LESetDataLengthCommand.opcode:
            self = .leSetDataLength(try .init(decoding: parameters))
        case LEReadSuggestedDefaultDataLengthCommand.opcode:
            self = .leReadSuggestedDefaultDataLength(try .init(decoding: parameters))
        case LEWriteSuggestedDefaultDataLengthCommand.opcode:
            self = .leWriteSuggestedDefaultDataLength(try .init(decoding: parameters))
        case LEReadMaximumDataLengthCommand.opcode:
            self = .leReadMaximumDataLength(try .init(decoding: parameters))
        case LEReadPHYCommand.opcode:
            self = .leReadPHY(try .init(decoding: parameters))
        case LESetDefaultPHYCommand.opcode:
            self = .leSetDefaultPHY(try .init(decoding: parameters))
        case LESetPHYCommand.opcode:
            self = .leSetPHY(try .init(decoding: parameters))
        case LEEnableEncryptionCommand.opcode:
            self = .leEnableEncryption(try .init(decoding: parameters))
        case LELongTermKeyRequestReplyCommand.opcode:
            self = .leLongTermKeyRequestReply(try .init(decoding: parameters))
        case LELongTermKeyRequestNegativeReplyCommand.opcode:
            self = .leLongTermKeyRequestNegativeReply(try .init(decoding: parameters))
        case LEReadFilterAcceptListSizeCommand.opcode:
            self = .leReadFilterAcceptListSize(try .init(decoding: parameters))
        case LEClearFilterAcceptListCommand.opcode:
            self = .leClearFilterAcceptList(try .init(decoding: parameters))
        case LEAddDeviceToFilterAcceptListCommand.opcode:
            self = .leAddDeviceToFilterAcceptList(try .init(decoding: parameters))
        case LERemoveDeviceFromFilterAcceptListCommand.opcode:
            self = .leRemoveDeviceFromFilterAcceptList(try .init(decoding: parameters))
        case LEAddDeviceToResolvingListCommand.opcode:
            self = .leAddDeviceToResolvingList(try .init(decoding: parameters))
        case LERemoveDeviceFromResolvingListCommand.opcode:
            self = .leRemoveDeviceFromResolvingList(try .init(decoding: parameters))
        case LEClearResolvingListCommand.opcode:
            self = .leClearResolvingList(try .init(decoding: parameters))
        case LEReadResolvingListSizeCommand.opcode:
            self = .leReadResolvingListSize(try .init(decoding: parameters))
        case LESetAddressResolutionEnableCommand.opcode:
            self = .leSetAddressResolutionEnable(try .init(decoding: parameters))
        case LESetResolvablePrivateAddressTimeoutCommand.opcode:
            self = .leSetResolvablePrivateAddressTimeout(try .init(decoding: parameters))
        case LESetPrivacyModeCommand.opcode:
            self = .leSetPrivacyMode(try .init(decoding: parameters))
        case LESetAdvertisingSetRandomAddressCommand.opcode:
            self = .leSetAdvertisingSetRandomAddress(try .init(decoding: parameters))
        case LESetExtendedAdvertisingParametersCommand.opcode:
            self = .leSetExtendedAdvertisingParameters(try .init(decoding: parameters))
        case LESetExtendedAdvertisingDataCommand.opcode:
            self = .leSetExtendedAdvertisingData(try .init(decoding: parameters))
        case LESetExtendedScanResponseDataCommand.opcode:
            self = .leSetExtendedScanResponseData(try .init(decoding: parameters))
        case LESetExtendedAdvertisingEnableCommand.opcode:
            self = .leSetExtendedAdvertisingEnable(try .init(decoding: parameters))
        case LEReadMaximumAdvertisingDataLengthCommand.opcode:
            self = .leReadMaximumAdvertisingDataLength(try .init(decoding: parameters))
        case LEReadNumberOfSupportedAdvertisingSetsCommand.opcode:
            self = .leReadNumberOfSupportedAdvertisingSets(try .init(decoding: parameters))
        case LERemoveAdvertisingSetCommand.opcode:
            self = .leRemoveAdvertisingSet(try .init(decoding: parameters))
        case LEClearAdvertisingSetsCommand.opcode:
            self = .leClearAdvertisingSets(try .init(decoding: parameters))
        case LESetExtendedScanParametersCommand.opcode:
            self = .leSetExtendedScanParameters(try .init(decoding: parameters))
        case LESetExtendedScanEnableCommand.opcode:
            self = .leSetExtendedScanEnable(try .init(decoding: parameters))
        case LEExtendedCreateConnectionCommand.opcode:
            self = .leExtendedCreateConnection(try .init(decoding: parameters))
        default: self = .unknown(packet)
        }
    }

    /// The command's packet: its opcode and encoded parameters.
    public var packet: HCICommandPacket {
        switch self {
        case .reset(let command): HCICommandPacket(command)
        case .setEventMask(let command): HCICommandPacket(command)
        case .writeLEHostSupport(let command): HCICommandPacket(command)
        case .readLocalVersionInformation(let command): HCICommandPacket(command)
        case .readLocalSupportedCommands(let command): HCICommandPacket(command)
        case .readLocalSupportedFeatures(let command): HCICommandPacket(command)
        case .readBDADDR(let command): HCICommandPacket(command)
        case .readBufferSize(let command): HCICommandPacket(command)
        case .readRSSI(let command): HCICommandPacket(command)
        case .readTransmitPowerLevel(let command): HCICommandPacket(command)
        case .readRemoteVersionInformation(let command): HCICommandPacket(command)
        case .disconnect(let command): HCICommandPacket(command)
        case .leSetEventMask(let command): HCICommandPacket(command)
        case .leReadBufferSize(let command): HCICommandPacket(command)
        case .leReadBufferSizeV2(let command): HCICommandPacket(command)
        case .leReadLocalSupportedFeatures(let command): HCICommandPacket(command)
        case .leSetRandomAddress(let command): HCICommandPacket(command)
        case .leRand(let command): HCICommandPacket(command)
        case .leEncrypt(let command): HCICommandPacket(command)
        case .leReadSupportedStates(let command): HCICommandPacket(command)
        case .leSetAdvertisingParameters(let command): HCICommandPacket(command)
        case .leReadAdvertisingPhysicalChannelTxPower(let command): HCICommandPacket(command)
        case .leSetAdvertisingData(let command): HCICommandPacket(command)
        case .leSetScanResponseData(let command): HCICommandPacket(command)
        case .leSetAdvertisingEnable(let command): HCICommandPacket(command)
        case .leSetScanParameters(let command): HCICommandPacket(command)
        case .leSetScanEnable(let command): HCICommandPacket(command)
        case .leCreateConnection(let command): HCICommandPacket(command)
        case .leCreateConnectionCancel(let command): HCICommandPacket(command)
        case .leConnectionUpdate(let command): HCICommandPacket(command)
        case .leReadRemoteFeatures(let command): HCICommandPacket(command)
        case .leRemoteConnectionParameterRequestReply(let command): HCICommandPacket(command)
        case .leRemoteConnectionParameterRequestNegativeReply(let command): HCICommandPacket(command)
        case .leSetDataLength(let command): HCICommandPacket(command)
        case .leReadSuggestedDefaultDataLength(let command): HCICommandPacket(command)
        case .leWriteSuggestedDefaultDataLength(let command): HCICommandPacket(command)
        case .leReadMaximumDataLength(let command): HCICommandPacket(command)
        case .leReadPHY(let command): HCICommandPacket(command)
        case .leSetDefaultPHY(let command): HCICommandPacket(command)
        case .leSetPHY(let command): HCICommandPacket(command)
        case .leEnableEncryption(let command): HCICommandPacket(command)
        case .leLongTermKeyRequestReply(let command): HCICommandPacket(command)
        case .leLongTermKeyRequestNegativeReply(let command): HCICommandPacket(command)
        case .leReadFilterAcceptListSize(let command): HCICommandPacket(command)
        case .leClearFilterAcceptList(let command): HCICommandPacket(command)
        case .leAddDeviceToFilterAcceptList(let command): HCICommandPacket(command)
        case .leRemoveDeviceFromFilterAcceptList(let command): HCICommandPacket(command)
        case .leAddDeviceToResolvingList(let command): HCICommandPacket(command)
        case .leRemoveDeviceFromResolvingList(let command): HCICommandPacket(command)
        case .leClearResolvingList(let command): HCICommandPacket(command)
        case .leReadResolvingListSize(let command): HCICommandPacket(command)
        case .leSetAddressResolutionEnable(let command): HCICommandPacket(command)
        case .leSetResolvablePrivateAddressTimeout(let command): HCICommandPacket(command)
        case .leSetPrivacyMode(let command): HCICommandPacket(command)
        case .leSetAdvertisingSetRandomAddress(let command): HCICommandPacket(command)
        case .leSetExtendedAdvertisingParameters(let command): HCICommandPacket(command)
        case .leSetExtendedAdvertisingData(let command): HCICommandPacket(command)
        case .leSetExtendedScanResponseData(let command): HCICommandPacket(command)
        case .leSetExtendedAdvertisingEnable(let command): HCICommandPacket(command)
        case .leReadMaximumAdvertisingDataLength(let command): HCICommandPacket(command)
        case .leReadNumberOfSupportedAdvertisingSets(let command): HCICommandPacket(command)
        case .leRemoveAdvertisingSet(let command): HCICommandPacket(command)
        case .leClearAdvertisingSets(let command): HCICommandPacket(command)
        case .leSetExtendedScanParameters(let command): HCICommandPacket(command)
        case .leSetExtendedScanEnable(let command): HCICommandPacket(command)
        case .leExtendedCreateConnection(let command): HCICommandPacket(command)
        case .unknown(let packet): packet
        }
    }
}
