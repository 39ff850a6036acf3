import HCI

/// What the host may ask of a controller, from the Supported Commands and LE features it read at start-up.
extension ControllerInfo {
    /// Whether the controller's Supported_Commands has the bit at `octet`, `bit` (Vol 4, Part E, 6.27).
    public func supportsCommand(octet: Int, bit: Int) -> Bool {
        ReadLocalSupportedCommandsCommand.ReturnParameters(supportedCommands: supportedCommands)
            .supports(octet: octet, bit: bit)
    }

    /// Whether the host may ask for longer data packets: LE Set Data Length (octet 33, bit 6) and the data length
    /// extension feature, both from Core 4.2.
    public var canSetDataLength: Bool {
        supportsCommand(octet: 33, bit: 6) && leFeatures.contains(.dataPacketLengthExtension)
    }

    /// Whether the host may ask for another PHY: LE Set PHY (octet 35, bit 6) and LE 2M PHY, both from Core 5.0.
    public var canSetPHY: Bool {
        supportsCommand(octet: 35, bit: 6) && leFeatures.contains(.le2MPHY)
    }
}
