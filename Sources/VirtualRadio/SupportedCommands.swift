/// The Supported_Commands table and LMP features a virtual controller reports.
///
/// Bluetooth Core Specification Vol 4, Part E, 6.27 (octet and bit of each command) and Vol 2, Part C, 3.3.
enum SupportedCommands {
    /// (octet, bit) of every command the virtual controller implements.
    static let bits: [(octet: Int, bit: Int)] = [
        (0, 5),  // Disconnect
        (2, 7),  // Read Remote Version Information
        (5, 6),  // Set Event Mask
        (5, 7),  // Reset
        (10, 2),  // Read Transmit Power Level
        (14, 3),  // Read Local Version Information
        (14, 5),  // Read Local Supported Features
        (14, 7),  // Read Buffer Size
        (15, 1),  // Read BD_ADDR
        (15, 5),  // Read RSSI
        (24, 6),  // Write LE Host Support
        (25, 0),  // LE Set Event Mask
        (25, 1),  // LE Read Buffer Size
        (25, 2),  // LE Read Local Supported Features
        (25, 4),  // LE Set Random Address
        (25, 5),  // LE Set Advertising Parameters
        (25, 6),  // LE Read Advertising Physical Channel Tx Power
        (25, 7),  // LE Set Advertising Data
        (26, 0),  // LE Set Scan Response Data
        (26, 1),  // LE Set Advertising Enable
        (26, 2),  // LE Set Scan Parameters
        (26, 3),  // LE Set Scan Enable
        (26, 4),  // LE Create Connection
        (26, 5),  // LE Create Connection Cancel
        (26, 6),  // LE Read Filter Accept List Size
        (26, 7),  // LE Clear Filter Accept List
        (27, 0),  // LE Add Device To Filter Accept List
        (27, 1),  // LE Remove Device From Filter Accept List
        (27, 2),  // LE Connection Update
        (27, 5),  // LE Read Remote Features
        (27, 6),  // LE Encrypt
        (27, 7),  // LE Rand
        (28, 0),  // LE Enable Encryption
        (28, 1),  // LE Long Term Key Request Reply
        (28, 2),  // LE Long Term Key Request Negative Reply
        (28, 3),  // LE Read Supported States
        (33, 4),  // LE Remote Connection Parameter Request Reply
        (33, 5),  // LE Remote Connection Parameter Request Negative Reply
        (33, 6),  // LE Set Data Length
        (33, 7),  // LE Read Suggested Default Data Length
        (34, 0),  // LE Write Suggested Default Data Length
        (34, 3),  // LE Add Device To Resolving List
        (34, 4),  // LE Remove Device From Resolving List
        (34, 5),  // LE Clear Resolving List
        (34, 6),  // LE Read Resolving List Size
        (35, 1),  // LE Set Address Resolution Enable
        (35, 2),  // LE Set Resolvable Private Address Timeout
        (35, 3),  // LE Read Maximum Data Length
        (35, 4),  // LE Read PHY
        (35, 5),  // LE Set Default PHY
        (35, 6),  // LE Set PHY
        (36, 1),  // LE Set Advertising Set Random Address
        (36, 2),  // LE Set Extended Advertising Parameters
        (36, 3),  // LE Set Extended Advertising Data
        (36, 4),  // LE Set Extended Scan Response Data
        (36, 5),  // LE Set Extended Advertising Enable
        (36, 6),  // LE Read Maximum Advertising Data Length
        (36, 7),  // LE Read Number of Supported Advertising Sets
        (37, 0),  // LE Remove Advertising Set
        (37, 1),  // LE Clear Advertising Sets
        (37, 5),  // LE Set Extended Scan Parameters
        (37, 6),  // LE Set Extended Scan Enable
        (37, 7),  // LE Extended Create Connection
        (39, 2),  // LE Set Privacy Mode
        (41, 5),  // LE Read Buffer Size v2
    ]

    /// The 64-octet Supported_Commands table.
    static let table: [UInt8] = {
        var table = [UInt8](repeating: 0, count: 64)
        for entry in bits {
            table[entry.octet] |= 1 << entry.bit
        }
        return table
    }()

    /// LMP features page 0: LE Supported (Controller), bit 38, and BR/EDR Not Supported, bit 37.
    static let lmpFeatures: UInt64 = 1 << 38 | 1 << 37
}
