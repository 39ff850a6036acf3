import HCI

/// The command gatekeeper: decode, run the one handler for the command, and answer as the spec says.
extension Air {
    /// Opcodes the controller answers with Command Status, so a malformed one still gets the right kind of reply.
    static let asyncOpcodes: Set<HCIOpcode> = [
        DisconnectCommand.opcode, ReadRemoteVersionInformationCommand.opcode, LECreateConnectionCommand.opcode,
        LEConnectionUpdateCommand.opcode, LEReadRemoteFeaturesCommand.opcode, LESetPHYCommand.opcode,
        LEEnableEncryptionCommand.opcode, LEExtendedCreateConnectionCommand.opcode,
    ]

    /// Runs one command; one the controller's generation lacks gets Unknown HCI Command (0x01), as a real
    /// controller of that generation answers it.
    func handleCommand(_ packet: HCICommandPacket, from controller: ControllerState) {
        guard SupportedCommands.knows(packet.opcode, in: controller.configuration.generation) else {
            reply(to: packet.opcode, status: .unknownCommand, from: controller)
            return
        }
        let command: KnownCommand
        do {
            command = try KnownCommand(packet)
        } catch {
            reply(to: packet.opcode, status: .invalidCommandParameters, from: controller)
            return
        }
        dispatch(command, from: controller)
    }

    /// Answers a command with Command Complete carrying its return parameters, or its failure status.
    ///
    /// The answer goes ahead of every event the handler produced, so a host sees Command Complete before
    /// what the command caused.
    func complete<C: HCICommand>(
        _ command: C, from controller: ControllerState,
        _ handler: (C) throws(ControllerError) -> C.ReturnParameters
    ) {
        let event: CommandCompleteEvent
        do {
            let parameters = try handler(command)
            event = CommandCompleteEvent(numHCICommandPackets: 1, answering: C.self, returning: parameters)
        } catch {
            event = CommandCompleteEvent(numHCICommandPackets: 1, opcode: C.opcode, failure: error.status)
        }
        outbox.insert(Outgoing(controller: controller.id, packet: .event(HCIEventPacket(event)), kind: .event), at: 0)
    }

    /// Acknowledges a command with Command Status; the handler's events (its outcome) follow it.
    func acknowledge<C: HCIAsyncCommand>(
        _ command: C, from controller: ControllerState, _ handler: (C) throws(ControllerError) -> Void
    ) {
        var status = HCIStatus.success
        do {
            try handler(command)
        } catch {
            status = error.status
        }
        let event = CommandStatusEvent(status: status, numHCICommandPackets: 1, opcode: C.opcode)
        outbox.insert(Outgoing(controller: controller.id, packet: .event(HCIEventPacket(event)), kind: .event), at: 0)
    }

    /// Answers a command that could not be decoded or is not supported, with the right kind of event.
    func reply(to opcode: HCIOpcode, status: HCIStatus, from controller: ControllerState) {
        let packet: HCIEventPacket
        if Self.asyncOpcodes.contains(opcode) {
            packet = HCIEventPacket(CommandStatusEvent(status: status, numHCICommandPackets: 1, opcode: opcode))
        } else {
            packet = HCIEventPacket(CommandCompleteEvent(numHCICommandPackets: 1, opcode: opcode, failure: status))
        }
        outbox.insert(Outgoing(controller: controller.id, packet: .event(packet), kind: .event), at: 0)
    }

    /// Records which advertising command family the host uses; mixing the two is refused.
    ///
    /// Bluetooth Core Specification Vol 4, Part E, 3.1.1.
    func claim(_ family: CommandFamily, by controller: ControllerState) throws(ControllerError) {
        if controller.configuration.allowsMixedAdvertisingCommands { return }
        if let current = controller.family, current != family { throw .commandDisallowed }
        controller.family = family
    }

    func dispatch(_ command: KnownCommand, from c: ControllerState) {
        switch command {
        case .reset(let command): complete(command, from: c) { _ throws(ControllerError) in resetController(c) }
        case .setEventMask(let command):
            complete(command, from: c) { command throws(ControllerError) in
                c.masks.eventMask = command.eventMask
                return EmptyReturnParameters()
            }
        case .leSetEventMask(let command):
            complete(command, from: c) { command throws(ControllerError) in
                c.masks.leEventMask = command.leEventMask & c.configuration.generation.leSubevents
                return EmptyReturnParameters()
            }
        case .writeLEHostSupport(let command):
            complete(command, from: c) { command throws(ControllerError) in
                c.leHostSupported = command.leSupportedHost
                return EmptyReturnParameters()
            }
        case .readLocalVersionInformation(let command):
            complete(command, from: c) { _ throws(ControllerError) in
                let version = c.configuration.version
                return .init(
                    hciVersion: version.hciVersion, hciSubversion: version.hciSubversion,
                    lmpVersion: version.lmpVersion, companyIdentifier: version.companyIdentifier,
                    lmpSubversion: version.lmpSubversion)
            }
        case .readLocalSupportedCommands(let command):
            complete(command, from: c) { _ throws(ControllerError) in
                .init(supportedCommands: SupportedCommands.table(for: c.configuration.generation))
            }
        case .readLocalSupportedFeatures(let command):
            complete(command, from: c) { _ throws(ControllerError) in .init(lmpFeatures: SupportedCommands.lmpFeatures)
            }
        case .readBDADDR(let command):
            complete(command, from: c) { _ throws(ControllerError) in .init(address: c.configuration.publicAddress) }
        case .readRSSI(let command):
            complete(command, from: c) { command throws(ControllerError) in try readRSSI(command, c) }
        case .readTransmitPowerLevel(let command):
            complete(command, from: c) { command throws(ControllerError) in try readTransmitPowerLevel(command, c) }
        case .readRemoteVersionInformation(let command):
            acknowledge(command, from: c) { command throws(ControllerError) in try readRemoteVersion(command, c) }
        case .disconnect(let command):
            acknowledge(command, from: c) { command throws(ControllerError) in try disconnect(command, c) }
        case .readBufferSize(let command):
            complete(command, from: c) { _ throws(ControllerError) in
                .init(
                    aclDataPacketLength: c.configuration.aclBufferLength, synchronousDataPacketLength: 0,
                    totalNumACLDataPackets: UInt16(c.configuration.aclBufferCount), totalNumSynchronousDataPackets: 0)
            }
        case .leReadBufferSize(let command):
            complete(command, from: c) { _ throws(ControllerError) in
                let shared = c.configuration.sharesACLBuffers
                return .init(
                    leACLDataPacketLength: shared ? 0 : c.configuration.aclBufferLength,
                    totalNumLEACLDataPackets: shared ? 0 : c.configuration.aclBufferCount)
            }
        case .leReadBufferSizeV2(let command):
            complete(command, from: c) { _ throws(ControllerError) in
                .init(
                    leACLDataPacketLength: c.configuration.aclBufferLength,
                    totalNumLEACLDataPackets: c.configuration.aclBufferCount, isoDataPacketLength: 0,
                    totalNumISODataPackets: 0)
            }
        case .leReadLocalSupportedFeatures(let command):
            complete(command, from: c) { _ throws(ControllerError) in .init(leFeatures: c.configuration.leFeatures) }
        case .leSetRandomAddress(let command):
            complete(command, from: c) { command throws(ControllerError) in try setRandomAddress(command, c) }
        case .leRand(let command):
            complete(command, from: c) { _ throws(ControllerError) in
                var generator = SystemRandomNumberGenerator()
                return .init(randomNumber: generator.next())
            }
        case .leEncrypt(let command):
            complete(command, from: c) { command throws(ControllerError) in
                guard
                    let result = AES128.encrypt(littleEndianKey: command.key, littleEndianBlock: command.plaintextData)
                else { throw .invalidCommandParameters }
                return .init(encryptedData: result)
            }
        case .leReadSupportedStates(let command):
            complete(command, from: c) { _ throws(ControllerError) in .init(leStates: 0x0000_03FF_FFFF_FFFF) }
        case .leSetAdvertisingParameters(let command):
            complete(command, from: c) { command throws(ControllerError) in try setAdvertisingParameters(command, c) }
        case .leReadAdvertisingPhysicalChannelTxPower(let command):
            complete(command, from: c) { _ throws(ControllerError) in
                try claim(.legacy, by: c)
                return .init(txPowerLevel: c.configuration.txPower)
            }
        case .leSetAdvertisingData(let command):
            complete(command, from: c) { command throws(ControllerError) in
                try claim(.legacy, by: c)
                c.advertisingSets[.legacy, default: .legacyDefault].data = command.data
                return EmptyReturnParameters()
            }
        case .leSetScanResponseData(let command):
            complete(command, from: c) { command throws(ControllerError) in
                try claim(.legacy, by: c)
                c.advertisingSets[.legacy, default: .legacyDefault].scanResponseData = command.data
                return EmptyReturnParameters()
            }
        case .leSetAdvertisingEnable(let command):
            complete(command, from: c) { command throws(ControllerError) in try setAdvertisingEnable(command, c) }
        case .leSetScanParameters(let command):
            complete(command, from: c) { command throws(ControllerError) in try setScanParameters(command, c) }
        case .leSetScanEnable(let command):
            complete(command, from: c) { command throws(ControllerError) in try setScanEnable(command, c) }
        case .leCreateConnection(let command):
            acknowledge(command, from: c) { command throws(ControllerError) in try createConnection(command, c) }
        case .leCreateConnectionCancel(let command):
            complete(command, from: c) { _ throws(ControllerError) in try createConnectionCancel(c) }
        case .leConnectionUpdate(let command):
            acknowledge(command, from: c) { command throws(ControllerError) in try connectionUpdate(command, c) }
        case .leReadRemoteFeatures(let command):
            acknowledge(command, from: c) { command throws(ControllerError) in try readRemoteFeatures(command, c) }
        case .leRemoteConnectionParameterRequestReply(let command):
            complete(command, from: c) { command throws(ControllerError) in try parameterRequestReply(command, c) }
        case .leRemoteConnectionParameterRequestNegativeReply(let command):
            complete(command, from: c) { command throws(ControllerError) in
                try parameterRequestNegativeReply(command, c)
            }
        case .leSetDataLength(let command):
            complete(command, from: c) { command throws(ControllerError) in try setDataLength(command, c) }
        case .leReadSuggestedDefaultDataLength(let command):
            complete(command, from: c) { _ throws(ControllerError) in
                .init(
                    suggestedMaxTxOctets: c.defaults.suggestedMaxTxOctets,
                    suggestedMaxTxTime: c.defaults.suggestedMaxTxTime)
            }
        case .leWriteSuggestedDefaultDataLength(let command):
            complete(command, from: c) { command throws(ControllerError) in
                guard DataLength.octets.contains(command.suggestedMaxTxOctets),
                    DataLength.time.contains(command.suggestedMaxTxTime)
                else { throw .invalidCommandParameters }
                c.defaults.suggestedMaxTxOctets = command.suggestedMaxTxOctets
                c.defaults.suggestedMaxTxTime = command.suggestedMaxTxTime
                return EmptyReturnParameters()
            }
        case .leReadMaximumDataLength(let command):
            complete(command, from: c) { _ throws(ControllerError) in
                .init(
                    supportedMaxTxOctets: DataLength.maximumOctets, supportedMaxTxTime: DataLength.maximumTime,
                    supportedMaxRxOctets: DataLength.maximumOctets, supportedMaxRxTime: DataLength.maximumTime)
            }
        case .leReadPHY(let command):
            complete(command, from: c) { command throws(ControllerError) in try readPHY(command, c) }
        case .leSetDefaultPHY(let command):
            complete(command, from: c) { command throws(ControllerError) in try setDefaultPHY(command, c) }
        case .leSetPHY(let command):
            acknowledge(command, from: c) { command throws(ControllerError) in try setPHY(command, c) }
        case .leEnableEncryption(let command):
            acknowledge(command, from: c) { command throws(ControllerError) in try enableEncryption(command, c) }
        case .leLongTermKeyRequestReply(let command):
            complete(command, from: c) { command throws(ControllerError) in try longTermKeyReply(command, c) }
        case .leLongTermKeyRequestNegativeReply(let command):
            complete(command, from: c) { command throws(ControllerError) in try longTermKeyNegativeReply(command, c) }
        case .leReadFilterAcceptListSize(let command):
            complete(command, from: c) { _ throws(ControllerError) in
                .init(filterAcceptListSize: c.configuration.filterAcceptListSize)
            }
        case .leClearFilterAcceptList(let command):
            complete(command, from: c) { _ throws(ControllerError) in
                try checkFilterAcceptListIdle(c)
                c.filterAcceptList = []
                return EmptyReturnParameters()
            }
        case .leAddDeviceToFilterAcceptList(let command):
            complete(command, from: c) { command throws(ControllerError) in
                try checkFilterAcceptListIdle(c)
                let device = DeviceAddress(type: command.addressType, address: command.address)
                guard !c.filterAcceptList.contains(device) else { return EmptyReturnParameters() }
                guard c.filterAcceptList.count < Int(c.configuration.filterAcceptListSize) else {
                    throw .memoryCapacityExceeded
                }
                c.filterAcceptList.append(device)
                return EmptyReturnParameters()
            }
        case .leRemoveDeviceFromFilterAcceptList(let command):
            complete(command, from: c) { command throws(ControllerError) in
                try checkFilterAcceptListIdle(c)
                c.filterAcceptList.removeAll {
                    $0 == DeviceAddress(type: command.addressType, address: command.address)
                }
                return EmptyReturnParameters()
            }
        case .leAddDeviceToResolvingList(let command):
            complete(command, from: c) { command throws(ControllerError) in try addToResolvingList(command, c) }
        case .leRemoveDeviceFromResolvingList(let command):
            complete(command, from: c) { command throws(ControllerError) in
                try checkResolvingListIdle(c)
                let peer = DeviceAddress(type: command.peerIdentityAddressType, address: command.peerIdentityAddress)
                guard c.resolvingList.contains(where: { $0.peer.matches(peer) }) else {
                    throw .unknownConnectionIdentifier
                }
                c.resolvingList.removeAll { $0.peer.matches(peer) }
                return EmptyReturnParameters()
            }
        case .leClearResolvingList(let command):
            complete(command, from: c) { _ throws(ControllerError) in
                try checkResolvingListIdle(c)
                c.resolvingList = []
                return EmptyReturnParameters()
            }
        case .leReadResolvingListSize(let command):
            complete(command, from: c) { _ throws(ControllerError) in
                .init(resolvingListSize: c.configuration.resolvingListSize)
            }
        case .leSetAddressResolutionEnable(let command):
            complete(command, from: c) { command throws(ControllerError) in
                guard !c.isAdvertising, c.scan == nil, c.initiator == nil else { throw .commandDisallowed }
                c.addressResolutionEnabled = command.addressResolutionEnable
                return EmptyReturnParameters()
            }
        case .leSetResolvablePrivateAddressTimeout(let command):
            complete(command, from: c) { command throws(ControllerError) in
                guard (0x0001...0x0E10).contains(command.rpaTimeout) else { throw .invalidCommandParameters }
                return EmptyReturnParameters()
            }
        case .leSetPrivacyMode(let command):
            complete(command, from: c) { command throws(ControllerError) in
                let peer = DeviceAddress(type: command.peerIdentityAddressType, address: command.peerIdentityAddress)
                guard c.resolvingList.contains(where: { $0.peer.matches(peer) }) else {
                    throw .unknownConnectionIdentifier
                }
                guard command.privacyMode <= 1 else { throw .invalidCommandParameters }
                return EmptyReturnParameters()
            }
        case .leSetAdvertisingSetRandomAddress(let command):
            complete(command, from: c) { command throws(ControllerError) in
                try setAdvertisingSetRandomAddress(command, c)
            }
        case .leSetExtendedAdvertisingParameters(let command):
            complete(command, from: c) { command throws(ControllerError) in
                try setExtendedAdvertisingParameters(command, c)
            }
        case .leSetExtendedAdvertisingData(let command):
            complete(command, from: c) { command throws(ControllerError) in
                try setExtendedData(command.fragment, scanResponse: false, c)
            }
        case .leSetExtendedScanResponseData(let command):
            complete(command, from: c) { command throws(ControllerError) in
                try setExtendedData(command.fragment, scanResponse: true, c)
            }
        case .leSetExtendedAdvertisingEnable(let command):
            complete(command, from: c) { command throws(ControllerError) in try setExtendedAdvertisingEnable(command, c)
            }
        case .leReadMaximumAdvertisingDataLength(let command):
            complete(command, from: c) { _ throws(ControllerError) in
                try claim(.extended, by: c)
                return .init(maximumAdvertisingDataLength: c.configuration.maximumAdvertisingDataLength)
            }
        case .leReadNumberOfSupportedAdvertisingSets(let command):
            complete(command, from: c) { _ throws(ControllerError) in
                try claim(.extended, by: c)
                return .init(numSupportedAdvertisingSets: c.configuration.advertisingSets)
            }
        case .leRemoveAdvertisingSet(let command):
            complete(command, from: c) { command throws(ControllerError) in try removeAdvertisingSet(command, c) }
        case .leClearAdvertisingSets(let command):
            complete(command, from: c) { _ throws(ControllerError) in try clearAdvertisingSets(c) }
        case .leSetExtendedScanParameters(let command):
            complete(command, from: c) { command throws(ControllerError) in try setExtendedScanParameters(command, c) }
        case .leSetExtendedScanEnable(let command):
            complete(command, from: c) { command throws(ControllerError) in try setExtendedScanEnable(command, c) }
        case .leExtendedCreateConnection(let command):
            acknowledge(command, from: c) { command throws(ControllerError) in try extendedCreateConnection(command, c)
            }
        case .unknown(let packet):
            reply(to: packet.opcode, status: .unknownCommand, from: c)
        }
    }
}
