/// The IEEE 11073-20601 FLOAT and SFLOAT number formats of health devices, turned into decimal text.
///
/// IEEE 11073-20601, 2.2.2 and 2.2.3; Bluetooth Personal Health Devices Transcoding White Paper.
package enum MedicalFloat {
    /// A 32-bit FLOAT (24-bit mantissa, 8-bit exponent, both signed) as decimal text, or its special value's name.
    package static func float(_ raw: UInt32) -> String {
        switch raw {
        case 0x007F_FFFF: return "NaN"
        case 0x0080_0000: return "NRes"
        case 0x007F_FFFE: return "+INFINITY"
        case 0x0080_0002: return "-INFINITY"
        case 0x0080_0001: return "reserved"
        default:
            let mantissa = Int64(Int32(bitPattern: raw << 8) >> 8)
            let exponent = Int(Int8(bitPattern: UInt8(raw >> 24)))
            return decimal(mantissa: mantissa, exponent: exponent)
        }
    }

    /// A 16-bit SFLOAT (12-bit mantissa, 4-bit exponent, both signed) as decimal text, or its special value's name.
    package static func sfloat(_ raw: UInt16) -> String {
        switch raw {
        case 0x07FF: return "NaN"
        case 0x0800: return "NRes"
        case 0x07FE: return "+INFINITY"
        case 0x0802: return "-INFINITY"
        case 0x0801: return "reserved"
        default:
            let mantissa = Int64(Int16(bitPattern: raw << 4) >> 4)
            let exponent = Int(Int8(bitPattern: UInt8(raw >> 12) << 4) >> 4)
            return decimal(mantissa: mantissa, exponent: exponent)
        }
    }

    /// `mantissa × 10^exponent` written exactly in decimal (e.g. 3660, -2 → "36.60").
    package static func decimal(mantissa: Int64, exponent: Int) -> String {
        let sign = mantissa < 0 ? "-" : ""
        var digits = String(mantissa.magnitude)
        if exponent >= 0 {
            guard exponent <= 30 else { return "\(mantissa)e\(exponent)" }
            return mantissa == 0 ? "0" : sign + digits + String(repeating: "0", count: exponent)
        }
        let fraction = -exponent
        guard fraction <= 30 else { return "\(mantissa)e\(exponent)" }
        if digits.count <= fraction {
            digits = String(repeating: "0", count: fraction - digits.count + 1) + digits
        }
        let point = digits.index(digits.endIndex, offsetBy: -fraction)
        return sign + digits[..<point] + "." + digits[point...]
    }
}
