/// Company identifiers the Bluetooth SIG assigns (Assigned Numbers, 7.1), which open manufacturer-specific data:
/// a subset of the companies whose devices are most often seen advertising.
enum CompanyIdentifiers {
    /// The company's name, or nil for an identifier not in this subset.
    static func name(of identifier: UInt16) -> String? {
        names[identifier]
    }

    private static let names: [UInt16: String] = [
        0x0000: "Ericsson",
        0x0001: "Nokia",
        0x0002: "Intel",
        0x0003: "IBM",
        0x0004: "Toshiba",
        0x0005: "3Com",
        0x0006: "Microsoft",
        0x0007: "Lucent",
        0x0008: "Motorola",
        0x0009: "Infineon",
        0x000A: "Qualcomm (CSR)",
        0x000D: "Texas Instruments",
        0x000F: "Broadcom",
        0x001D: "Qualcomm",
        0x0025: "NXP Semiconductors",
        0x0030: "STMicroelectronics",
        0x0046: "MediaTek",
        0x004C: "Apple",
        0x0057: "Harman",
        0x0059: "Nordic Semiconductor",
        0x005D: "Realtek",
        0x0065: "HP",
        0x0075: "Samsung",
        0x0078: "Nike",
        0x0087: "Garmin",
        0x009E: "Bose",
        0x00C4: "LG Electronics",
        0x00E0: "Google",
        0x012D: "Sony",
        0x0131: "Cypress Semiconductor",
        0x0157: "Huami",
        0x0171: "Amazon",
        0x027D: "Huawei",
        0x02E5: "Espressif",
        0x038F: "Xiaomi",
        0x0499: "Ruuvi Innovations",
        0x0822: "Adafruit",
        0xFFFF: "test identifier (no company)",
    ]
}
