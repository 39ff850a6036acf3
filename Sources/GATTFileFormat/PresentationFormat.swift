import HCI

/// The value of a Characteristic Presentation Format descriptor (2904): how to read the characteristic's value.
///
/// Bluetooth Core Specification Vol 3, Part G, 3.3.3.5; Bluetooth Assigned Numbers 2.4 (formats) and 3.5 (units).
package struct PresentationFormat: WireCodable {
    /// The length of the descriptor's value.
    package static let byteCount = 7

    /// The format of the value (e.g. 0x04 uint8, 0x0E sint16, 0x19 utf8s).
    package var format: UInt8
    /// The power of ten the value is multiplied by (for integer formats).
    package var exponent: Int8
    /// The unit, as an assigned number from the 0x27xx range (e.g. 0x27AD percentage).
    package var unit: UInt16
    /// The organisation that defines ``description`` (1 for the Bluetooth SIG).
    package var namespace: UInt8
    /// Which of several values this one is, as the namespace defines it.
    package var description: UInt16

    /// Makes a presentation format from its fields.
    package init(format: UInt8, exponent: Int8, unit: UInt16, namespace: UInt8, description: UInt16) {
        self.format = format
        self.exponent = exponent
        self.unit = unit
        self.namespace = namespace
        self.description = description
    }

    package init(from reader: inout ByteReader) throws(DecodeError) {
        format = try reader.read()
        exponent = try reader.read()
        unit = try reader.read()
        namespace = try reader.read()
        description = try reader.read()
    }

    package func encode(into writer: inout ByteWriter) {
        writer.write(format)
        writer.write(exponent)
        writer.write(unit)
        writer.write(namespace)
        writer.write(description)
    }
}

extension PresentationFormat {
    /// The assigned name of ``format`` (e.g. "uint8"), or its number in hex.
    package var formatName: String {
        Self.formatNames[format] ?? "format 0x\(AttributeValueText.hex([format]))"
    }

    /// The symbol of ``unit`` (e.g. "%", "°C"); empty for unitless or unknown units.
    package var unitSymbol: String {
        Self.unitSymbols[unit] ?? ""
    }

    /// The descriptor for a person: "uint8, exponent 0, unit 0x27AD (%), namespace 1, description 0x0000".
    package var summary: String {
        let symbol = unitSymbol.isEmpty ? "" : " (\(unitSymbol))"
        return "\(formatName), exponent \(exponent), unit 0x\(Self.hex16(unit))\(symbol), "
            + "namespace \(namespace), description 0x\(Self.hex16(description))"
    }

    /// A characteristic value read as this format says, with the exponent applied and the unit appended;
    /// nil when the value does not have the format's length or the format is not a number or text.
    package func decode(_ value: [UInt8]) -> String? {
        guard let number = decodeNumber(value) else { return nil }
        return unitSymbol.isEmpty ? number : "\(number) \(unitSymbol)"
    }

    private func decodeNumber(_ value: [UInt8]) -> String? {
        switch format {
        case 0x01: return value.count == 1 ? (value[0] & 1 == 1 ? "true" : "false") : nil
        case 0x02: return value.count == 1 ? String(value[0] & 0x03) : nil
        case 0x03: return value.count == 1 ? String(value[0] & 0x0F) : nil
        case 0x04...0x0A:
            let widths: [UInt8: Int] = [0x04: 1, 0x05: 2, 0x06: 2, 0x07: 3, 0x08: 4, 0x09: 6, 0x0A: 8]
            guard let width = widths[format], value.count == width else { return nil }
            var raw = Self.littleEndian(value)
            if format == 0x05 { raw &= 0x0FFF }
            guard raw <= UInt64(Int64.max) else { return "\(raw)e\(exponent)" }
            return MedicalFloat.decimal(mantissa: Int64(raw), exponent: Int(exponent))
        case 0x0C...0x12:
            let widths: [UInt8: Int] = [0x0C: 8, 0x0D: 12, 0x0E: 16, 0x0F: 24, 0x10: 32, 0x11: 48, 0x12: 64]
            guard let bits = widths[format], value.count == (bits + 7) / 8 else { return nil }
            let raw = Self.littleEndian(value)
            let shift = UInt64(64 - bits)
            let signed = Int64(bitPattern: raw << shift) >> Int64(shift)
            return MedicalFloat.decimal(mantissa: signed, exponent: Int(exponent))
        case 0x14:
            guard value.count == 4 else { return nil }
            return "\(Float(bitPattern: UInt32(Self.littleEndian(value))))"
        case 0x15:
            guard value.count == 8 else { return nil }
            return "\(Double(bitPattern: Self.littleEndian(value)))"
        case 0x16:
            guard value.count == 2 else { return nil }
            return MedicalFloat.sfloat(UInt16(Self.littleEndian(value)))
        case 0x17:
            guard value.count == 4 else { return nil }
            return MedicalFloat.float(UInt32(Self.littleEndian(value)))
        case 0x19:
            return String(validating: value, as: UTF8.self).map(PrintableText.quoted)
        case 0x1A:
            guard value.count.isMultiple(of: 2) else { return nil }
            let units = stride(from: 0, to: value.count, by: 2).map { UInt16(value[$0]) | UInt16(value[$0 + 1]) << 8 }
            return String(validating: units, as: UTF16.self).map(PrintableText.quoted)
        default:
            return nil
        }
    }

    private static func littleEndian(_ bytes: [UInt8]) -> UInt64 {
        bytes.reversed().reduce(0) { $0 << 8 | UInt64($1) }
    }

    private static func hex16(_ value: UInt16) -> String {
        AttributeValueText.hex([UInt8(value >> 8), UInt8(value & 0xFF)]).uppercased()
    }

    private static let formatNames: [UInt8: String] = [
        0x01: "boolean", 0x02: "2bit", 0x03: "nibble", 0x04: "uint8", 0x05: "uint12", 0x06: "uint16",
        0x07: "uint24", 0x08: "uint32", 0x09: "uint48", 0x0A: "uint64", 0x0B: "uint128", 0x0C: "sint8",
        0x0D: "sint12", 0x0E: "sint16", 0x0F: "sint24", 0x10: "sint32", 0x11: "sint48", 0x12: "sint64",
        0x13: "sint128", 0x14: "float32", 0x15: "float64", 0x16: "SFLOAT", 0x17: "FLOAT", 0x18: "duint16",
        0x19: "utf8s", 0x1A: "utf16s", 0x1B: "struct",
    ]

    private static let unitSymbols: [UInt16: String] = [
        0x2701: "m", 0x2702: "kg", 0x2703: "s", 0x2704: "A", 0x2705: "K", 0x2706: "mol", 0x2707: "cd",
        0x2710: "m²", 0x2711: "m³", 0x2712: "m/s", 0x2713: "m/s²", 0x2720: "rad", 0x2721: "sr", 0x2722: "Hz",
        0x2723: "N", 0x2724: "Pa", 0x2725: "J", 0x2726: "W", 0x2727: "C", 0x2728: "V", 0x272F: "°C",
        0x2760: "min", 0x2761: "h", 0x2762: "d", 0x2763: "°", 0x2766: "ha", 0x2767: "l", 0x2768: "t",
        0x27A0: "yd", 0x27A1: "pc", 0x27A2: "in", 0x27A3: "ft", 0x27A4: "mi", 0x27A5: "psi", 0x27A6: "km/h",
        0x27A7: "mi/h", 0x27A8: "rpm", 0x27AA: "kcal", 0x27AB: "kWh", 0x27AC: "°F", 0x27AD: "%", 0x27AE: "‰",
        0x27AF: "bpm", 0x27B0: "Ah", 0x27B1: "mg/dL", 0x27B2: "mmol/L", 0x27B3: "years", 0x27B4: "months",
    ]
}
