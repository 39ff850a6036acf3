import HCI

extension ControllerChannel {
    /// Events the host handles, for Set Event Mask: Disconnection Complete, Encryption Change,
    /// Read Remote Version Information Complete, Hardware Error, Data Buffer Overflow,
    /// Encryption Key Refresh Complete and LE Meta.
    ///
    /// Bluetooth Core Specification Vol 4, Part E, 7.3.1.
    public static let hostEventMask: UInt64 = 1 << 4 | 1 << 7 | 1 << 11 | 1 << 15 | 1 << 25 | 1 << 47 | 1 << 61

    /// LE subevents the host handles, for LE Set Event Mask: bit n-1 enables subevent n.
    ///
    /// Bluetooth Core Specification Vol 4, Part E, 7.8.1.
    public static let hostLEEventMask: UInt64 = [
        LESubeventCode.connectionComplete, .advertisingReport, .connectionUpdateComplete,
        .readRemoteFeaturesComplete, .longTermKeyRequest, .remoteConnectionParameterRequest,
        .dataLengthChange, .enhancedConnectionComplete, .phyUpdateComplete,
        .extendedAdvertisingReport, .scanTimeout, .advertisingSetTerminated, .scanRequestReceived,
    ].reduce(0) { $0 | 1 << UInt64($1.rawValue - 1) }

    /// Brings the controller up: reset, version, supported commands, address, buffer sizes, LE
    /// features, event masks, and the own address ``ControllerSetupOptions`` describes: the configured static random
    /// address, else the public one, else a fresh static random address.
    public func setUp(_ options: ControllerSetupOptions = .init()) async throws(HCIError) -> ControllerInfo {
        _ = try await execute(ResetCommand())
        let version = try await execute(ReadLocalVersionInformationCommand())
        let commands = try await execute(ReadLocalSupportedCommandsCommand())
        let publicAddress = try await execute(ReadBDADDRCommand()).address
        let (length, count) = try await readBufferSize()
        configureACLBuffers(length: length, count: count)
        let leFeatures = try await execute(LEReadLocalSupportedFeaturesCommand()).leFeatures
        _ = try await execute(SetEventMaskCommand(eventMask: Self.hostEventMask))
        _ = try await execute(LESetEventMaskCommand(leEventMask: Self.hostLEEventMask))

        var ownAddress = publicAddress
        var ownAddressType = AddressType.public
        if publicAddress == .zero || options.staticRandomAddress != nil {
            ownAddress = options.staticRandomAddress ?? ControllerSetupOptions.makeStaticRandomAddress()
            ownAddressType = .random
            _ = try await execute(LESetRandomAddressCommand(randomAddress: ownAddress))
        }
        return ControllerInfo(
            version: version, supportedCommands: commands.supportedCommands, publicAddress: publicAddress,
            leFeatures: leFeatures, aclBufferLength: length, aclBufferCount: count,
            ownAddress: ownAddress, ownAddressType: ownAddressType)
    }

    /// LE Read Buffer Size v2, falling back to v1 on controllers that do not know it.
    /// A length of zero means LE shares the BR/EDR buffers, read with Read Buffer Size.
    private func readBufferSize() async throws(HCIError) -> (length: Int, count: Int) {
        var length: Int
        var count: Int
        do {
            let buffers = try await execute(LEReadBufferSizeV2Command())
            (length, count) = (Int(buffers.leACLDataPacketLength), Int(buffers.totalNumLEACLDataPackets))
        } catch .commandFailed(_, .unknownCommand), .timeout {
            let buffers = try await execute(LEReadBufferSizeCommand())
            (length, count) = (Int(buffers.leACLDataPacketLength), Int(buffers.totalNumLEACLDataPackets))
        }
        if length == 0 || count == 0 {
            let shared = try await execute(ReadBufferSizeCommand())
            (length, count) = (Int(shared.aclDataPacketLength), Int(shared.totalNumACLDataPackets))
        }
        return (length, count)
    }
}
