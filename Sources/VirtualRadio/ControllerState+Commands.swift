import HCI

/// The commands one controller answers by itself: its setup, lists, defaults, advertising sets, scanning and
/// initiating. What needs the rest of the air comes back as ``ControllerAction``s; commands about a link go to
/// the air.
extension ControllerState {
    /// Runs one command from this controller's host; one its generation lacks gets Unknown HCI Command (0x01), as
    /// a real controller of that generation answers it, and one that does not decode Invalid HCI Command
    /// Parameters (0x12).
    func run(_ packet: HCICommandPacket) -> CommandOutcome {
        guard SupportedCommands.knows(packet.opcode, in: configuration.generation) else {
            return .answered(CommandAnswer.refusal(of: packet.opcode, status: .unknownCommand), [])
        }
        let command: KnownCommand
        do {
            command = try KnownCommand(packet)
        } catch {
            return .answered(CommandAnswer.refusal(of: packet.opcode, status: .invalidCommandParameters), [])
        }
        guard let answer = answer(command) else { return .forAir(command) }
        defer { requested = [] }
        return .answered(answer, requested)
    }

    /// Records which advertising command family the host uses; mixing the two is refused.
    ///
    /// Bluetooth Core Specification Vol 4, Part E, 3.1.1.
    func claim(_ family: CommandFamily) throws(ControllerError) {
        if configuration.allowsMixedAdvertisingCommands { return }
        if let current = self.family, current != family { throw .commandDisallowed }
        self.family = family
    }

    private func complete<C: HCICommand>(
        _ command: C, _ handler: (C) throws(ControllerError) -> C.ReturnParameters
    ) -> HCIEventPacket {
        CommandAnswer.complete(command, handler)
    }

    private func acknowledge<C: HCIAsyncCommand>(
        _ command: C, _ handler: (C) throws(ControllerError) -> Void
    ) -> HCIEventPacket {
        CommandAnswer.acknowledge(command, handler)
    }

    /// The answer to a command this controller runs itself, or nil for one the air runs.
    private func answer(_ command: KnownCommand) -> HCIEventPacket? {
        switch command {
        case .setEventMask(let command):
            return complete(command) { command throws(ControllerError) in
                masks.eventMask = command.eventMask
                return EmptyReturnParameters()
            }
        case .leSetEventMask(let command):
            return complete(command) { command throws(ControllerError) in
                masks.leEventMask = command.leEventMask & configuration.generation.leSubevents
                return EmptyReturnParameters()
            }
        case .writeLEHostSupport(let command):
            return complete(command) { command throws(ControllerError) in
                leHostSupported = command.leSupportedHost
                return EmptyReturnParameters()
            }
        case .readLocalVersionInformation(let command):
            return complete(command) { _ throws(ControllerError) in
                let version = configuration.version
                return .init(
                    hciVersion: version.hciVersion, hciSubversion: version.hciSubversion,
                    lmpVersion: version.lmpVersion, companyIdentifier: version.companyIdentifier,
                    lmpSubversion: version.lmpSubversion)
            }
        case .readLocalSupportedCommands(let command):
            return complete(command) { _ throws(ControllerError) in
                .init(supportedCommands: SupportedCommands.table(for: configuration.generation))
            }
        case .readLocalSupportedFeatures(let command):
            return complete(command) { _ throws(ControllerError) in .init(lmpFeatures: SupportedCommands.lmpFeatures)
            }
        case .readBDADDR(let command):
            return complete(command) { _ throws(ControllerError) in .init(address: configuration.publicAddress) }
        case .readBufferSize(let command):
            return complete(command) { _ throws(ControllerError) in
                .init(
                    aclDataPacketLength: configuration.aclBufferLength, synchronousDataPacketLength: 0,
                    totalNumACLDataPackets: UInt16(configuration.aclBufferCount), totalNumSynchronousDataPackets: 0)
            }
        case .leReadBufferSize(let command):
            return complete(command) { _ throws(ControllerError) in
                let shared = configuration.sharesACLBuffers
                return .init(
                    leACLDataPacketLength: shared ? 0 : configuration.aclBufferLength,
                    totalNumLEACLDataPackets: shared ? 0 : configuration.aclBufferCount)
            }
        case .leReadBufferSizeV2(let command):
            return complete(command) { _ throws(ControllerError) in
                .init(
                    leACLDataPacketLength: configuration.aclBufferLength,
                    totalNumLEACLDataPackets: configuration.aclBufferCount, isoDataPacketLength: 0,
                    totalNumISODataPackets: 0)
            }
        case .leReadLocalSupportedFeatures(let command):
            return complete(command) { _ throws(ControllerError) in .init(leFeatures: configuration.leFeatures) }
        case .leSetRandomAddress(let command):
            return complete(command) { command throws(ControllerError) in try setRandomAddress(command) }
        case .leRand(let command):
            return complete(command) { _ throws(ControllerError) in
                var generator = SystemRandomNumberGenerator()
                return .init(randomNumber: generator.next())
            }
        case .leEncrypt(let command):
            return complete(command) { command throws(ControllerError) in
                guard
                    let result = AES128.encrypt(littleEndianKey: command.key, littleEndianBlock: command.plaintextData)
                else { throw .invalidCommandParameters }
                return .init(encryptedData: result)
            }
        case .leReadSupportedStates(let command):
            return complete(command) { _ throws(ControllerError) in .init(leStates: 0x0000_03FF_FFFF_FFFF) }
        case .leSetAdvertisingParameters(let command):
            return complete(command) { command throws(ControllerError) in try setAdvertisingParameters(command) }
        case .leReadAdvertisingPhysicalChannelTxPower(let command):
            return complete(command) { _ throws(ControllerError) in
                try claim(.legacy)
                return .init(txPowerLevel: configuration.txPower)
            }
        case .leSetAdvertisingData(let command):
            return complete(command) { command throws(ControllerError) in
                try claim(.legacy)
                advertisingSets[.legacy, default: .legacyDefault].data = command.data
                return EmptyReturnParameters()
            }
        case .leSetScanResponseData(let command):
            return complete(command) { command throws(ControllerError) in
                try claim(.legacy)
                advertisingSets[.legacy, default: .legacyDefault].scanResponseData = command.data
                return EmptyReturnParameters()
            }
        case .leSetAdvertisingEnable(let command):
            return complete(command) { command throws(ControllerError) in try setAdvertisingEnable(command) }
        case .leSetScanParameters(let command):
            return complete(command) { command throws(ControllerError) in try setScanParameters(command) }
        case .leSetScanEnable(let command):
            return complete(command) { command throws(ControllerError) in try setScanEnable(command) }
        case .leCreateConnection(let command):
            return acknowledge(command) { command throws(ControllerError) in try createConnection(command) }
        case .leCreateConnectionCancel(let command):
            return complete(command) { _ throws(ControllerError) in try createConnectionCancel() }
        case .leReadSuggestedDefaultDataLength(let command):
            return complete(command) { _ throws(ControllerError) in
                .init(
                    suggestedMaxTxOctets: defaults.suggestedMaxTxOctets,
                    suggestedMaxTxTime: defaults.suggestedMaxTxTime)
            }
        case .leWriteSuggestedDefaultDataLength(let command):
            return complete(command) { command throws(ControllerError) in
                guard DataLength.octets.contains(command.suggestedMaxTxOctets),
                    DataLength.time.contains(command.suggestedMaxTxTime)
                else { throw .invalidCommandParameters }
                defaults.suggestedMaxTxOctets = command.suggestedMaxTxOctets
                defaults.suggestedMaxTxTime = command.suggestedMaxTxTime
                return EmptyReturnParameters()
            }
        case .leReadMaximumDataLength(let command):
            return complete(command) { _ throws(ControllerError) in
                .init(
                    supportedMaxTxOctets: DataLength.maximumOctets, supportedMaxTxTime: DataLength.maximumTime,
                    supportedMaxRxOctets: DataLength.maximumOctets, supportedMaxRxTime: DataLength.maximumTime)
            }
        case .leSetDefaultPHY(let command):
            return complete(command) { command throws(ControllerError) in try setDefaultPHY(command) }
        case .leReadFilterAcceptListSize(let command):
            return complete(command) { _ throws(ControllerError) in
                .init(filterAcceptListSize: configuration.filterAcceptListSize)
            }
        case .leClearFilterAcceptList(let command):
            return complete(command) { _ throws(ControllerError) in
                try checkFilterAcceptListIdle()
                filterAcceptList = []
                return EmptyReturnParameters()
            }
        case .leAddDeviceToFilterAcceptList(let command):
            return complete(command) { command throws(ControllerError) in
                try checkFilterAcceptListIdle()
                let device = DeviceAddress(type: command.addressType, address: command.address)
                guard !filterAcceptList.contains(device) else { return EmptyReturnParameters() }
                guard filterAcceptList.count < Int(configuration.filterAcceptListSize) else {
                    throw .memoryCapacityExceeded
                }
                filterAcceptList.append(device)
                return EmptyReturnParameters()
            }
        case .leRemoveDeviceFromFilterAcceptList(let command):
            return complete(command) { command throws(ControllerError) in
                try checkFilterAcceptListIdle()
                filterAcceptList.removeAll {
                    $0 == DeviceAddress(type: command.addressType, address: command.address)
                }
                return EmptyReturnParameters()
            }
        case .leAddDeviceToResolvingList(let command):
            return complete(command) { command throws(ControllerError) in try addToResolvingList(command) }
        case .leRemoveDeviceFromResolvingList(let command):
            return complete(command) { command throws(ControllerError) in
                try checkResolvingListIdle()
                let peer = DeviceAddress(type: command.peerIdentityAddressType, address: command.peerIdentityAddress)
                guard resolvingList.contains(where: { $0.peer.matches(peer) }) else {
                    throw .unknownConnectionIdentifier
                }
                resolvingList.removeAll { $0.peer.matches(peer) }
                return EmptyReturnParameters()
            }
        case .leClearResolvingList(let command):
            return complete(command) { _ throws(ControllerError) in
                try checkResolvingListIdle()
                resolvingList = []
                return EmptyReturnParameters()
            }
        case .leReadResolvingListSize(let command):
            return complete(command) { _ throws(ControllerError) in
                .init(resolvingListSize: configuration.resolvingListSize)
            }
        case .leSetAddressResolutionEnable(let command):
            return complete(command) { command throws(ControllerError) in
                guard !isAdvertising, scan == nil, initiator == nil else { throw .commandDisallowed }
                addressResolutionEnabled = command.addressResolutionEnable
                return EmptyReturnParameters()
            }
        case .leSetResolvablePrivateAddressTimeout(let command):
            return complete(command) { command throws(ControllerError) in
                guard (0x0001...0x0E10).contains(command.rpaTimeout) else { throw .invalidCommandParameters }
                return EmptyReturnParameters()
            }
        case .leSetPrivacyMode(let command):
            return complete(command) { command throws(ControllerError) in
                let peer = DeviceAddress(type: command.peerIdentityAddressType, address: command.peerIdentityAddress)
                guard resolvingList.contains(where: { $0.peer.matches(peer) }) else {
                    throw .unknownConnectionIdentifier
                }
                guard command.privacyMode <= 1 else { throw .invalidCommandParameters }
                return EmptyReturnParameters()
            }
        case .leSetAdvertisingSetRandomAddress(let command):
            return complete(command) { command throws(ControllerError) in
                try setAdvertisingSetRandomAddress(command)
            }
        case .leSetExtendedAdvertisingParameters(let command):
            return complete(command) { command throws(ControllerError) in
                try setExtendedAdvertisingParameters(command)
            }
        case .leSetExtendedAdvertisingData(let command):
            return complete(command) { command throws(ControllerError) in
                try setExtendedData(command.fragment, scanResponse: false)
            }
        case .leSetExtendedScanResponseData(let command):
            return complete(command) { command throws(ControllerError) in
                try setExtendedData(command.fragment, scanResponse: true)
            }
        case .leSetExtendedAdvertisingEnable(let command):
            return complete(command) { command throws(ControllerError) in try setExtendedAdvertisingEnable(command)
            }
        case .leReadMaximumAdvertisingDataLength(let command):
            return complete(command) { _ throws(ControllerError) in
                try claim(.extended)
                return .init(maximumAdvertisingDataLength: configuration.maximumAdvertisingDataLength)
            }
        case .leReadNumberOfSupportedAdvertisingSets(let command):
            return complete(command) { _ throws(ControllerError) in
                try claim(.extended)
                return .init(numSupportedAdvertisingSets: configuration.advertisingSets)
            }
        case .leRemoveAdvertisingSet(let command):
            return complete(command) { command throws(ControllerError) in try removeAdvertisingSet(command) }
        case .leClearAdvertisingSets(let command):
            return complete(command) { _ throws(ControllerError) in try clearAdvertisingSets() }
        case .leSetExtendedScanParameters(let command):
            return complete(command) { command throws(ControllerError) in try setExtendedScanParameters(command) }
        case .leSetExtendedScanEnable(let command):
            return complete(command) { command throws(ControllerError) in try setExtendedScanEnable(command) }
        case .leExtendedCreateConnection(let command):
            return acknowledge(command) { command throws(ControllerError) in try extendedCreateConnection(command)
            }
        case .unknown(let packet):
            return CommandAnswer.refusal(of: packet.opcode, status: .unknownCommand)
        case .reset, .readRSSI, .readTransmitPowerLevel, .readRemoteVersionInformation, .disconnect,
            .leConnectionUpdate, .leReadRemoteFeatures, .leRemoteConnectionParameterRequestReply,
            .leRemoteConnectionParameterRequestNegativeReply, .leSetDataLength, .leReadPHY, .leSetPHY,
            .leEnableEncryption, .leLongTermKeyRequestReply, .leLongTermKeyRequestNegativeReply:
            return nil
        }
    }
}
