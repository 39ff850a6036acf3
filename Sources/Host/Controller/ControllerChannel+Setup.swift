import HCI

extension ControllerChannel {
    /// Events the host handles, for Set Event Mask: Disconnection Complete, Encryption Change,
    /// Read Remote Version Information Complete, Hardware Error, Data Buffer Overflow,
    /// Encryption Key Refresh Complete and LE Meta.
    ///
    /// Bluetooth Core Specification Vol 4, Part E, 7.3.1.
    public static let hostEventMask: UInt64 = 1 << 4 | 1 << 7 | 1 << 11 | 1 << 15 | 1 << 25 | 1 << 47 | 1 << 61

    /// LE subevents the host handles, each with the HCI version of the Core release that brought it (0x06 is 4.0,
    /// 0x07 4.1, 0x08 4.2, 0x09 5.0).
    ///
    /// Bluetooth Core Specification Vol 4, Part E, 7.7.65 and 7.8.1.
    private static let hostLESubevents: [(subevent: LESubeventCode, since: UInt8)] = [
        (.connectionComplete, 0x06), (.advertisingReport, 0x06), (.connectionUpdateComplete, 0x06),
        (.readRemoteFeaturesComplete, 0x06), (.longTermKeyRequest, 0x06), (.remoteConnectionParameterRequest, 0x07),
        (.dataLengthChange, 0x08), (.enhancedConnectionComplete, 0x08), (.phyUpdateComplete, 0x09),
        (.extendedAdvertisingReport, 0x09), (.scanTimeout, 0x09), (.advertisingSetTerminated, 0x09),
        (.scanRequestReceived, 0x09),
    ]

    /// The LE Set Event Mask the host sends a controller of HCI version `hciVersion`: bit n-1 enables subevent n,
    /// and only subevents that version defines are set, since some 4.0 controllers refuse a mask with bits they do
    /// not know (Bumble sends them 0x1F for the same reason). A version below 4.0's gets 4.0's mask.
    public static func hostLEEventMask(hciVersion: UInt8) -> UInt64 {
        hostLESubevents.filter { $0.since <= max(hciVersion, 0x06) }.reduce(0) {
            $0 | 1 << UInt64($1.subevent.rawValue - 1)
        }
    }

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
        _ = try await execute(LESetEventMaskCommand(leEventMask: Self.hostLEEventMask(hciVersion: version.hciVersion)))

        var ownAddress = publicAddress
        var ownAddressType = AddressType.public
        if publicAddress == .zero || publicAddress.isPlaceholder || options.staticRandomAddress != nil {
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
