import GATTFileFormat
import HCI

/// Turns the values of well-known characteristics and descriptors into text a person reads, for explore's tree.
///
/// Formats from the Bluetooth SIG service specifications (Battery, Heart Rate, Health Thermometer, Device
/// Information, Environmental Sensing, Current Time, Blood Pressure) and the Core Specification Vol 3, Part G, 3.3.3.
enum ValueDecoder {
    /// A characteristic value in words ("85 %", "72 bpm, ..."), using its presentation format descriptor when the
    /// UUID has no known format of its own; nil when neither tells how to read it or the bytes do not fit.
    static func describe(characteristic uuid: String, value: [UInt8], format: PresentationFormat? = nil) -> String? {
        let key = uuid.uppercased()
        if stringCharacteristics.contains(key) {
            return quoted(value)
        }
        if let decode = characteristicDecoders[key] {
            var reader = ByteReader(value)
            if let text = try? decode(&reader), reader.isAtEnd {
                return text
            }
            return nil
        }
        return format?.decode(value)
    }

    /// A descriptor value in words ("notifications on, indications off"); nil when unknown or malformed.
    static func describe(descriptor uuid: String, value: [UInt8]) -> String? {
        var reader = ByteReader(value)
        let text: String?
        switch uuid.uppercased() {
        case "2900":
            text = try? flags(reader.read(UInt16.self), ["reliable write", "writable auxiliaries"], none: "none")
        case "2901":
            return quoted(value)
        case "2902":
            text = try? reader.read(UInt16.self).onOff(["notifications", "indications"])
        case "2903":
            text = try? reader.read(UInt16.self).onOff(["broadcasts"])
        case "2904":
            text = (try? PresentationFormat(from: &reader))?.summary
        case "2908":
            text = try? reportReference(&reader)
        default:
            return nil
        }
        return reader.isAtEnd ? text : nil
    }

    /// Characteristics whose value is UTF-8 text: names, model and serial numbers, revisions.
    static let stringCharacteristics: Set<String> = [
        "2A00", "2A24", "2A25", "2A26", "2A27", "2A28", "2A29", "2A87", "2A8A", "2A90",
    ]

    private typealias Decode = @Sendable (inout ByteReader) throws(DecodeError) -> String

    private static let characteristicDecoders: [String: Decode] = [
        "2A19": { reader throws(DecodeError) in "\(try reader.read(UInt8.self)) %" },
        "2A37": heartRateMeasurement,
        "2A38": { reader throws(DecodeError) in
            name(try reader.read(UInt8.self), ["Other", "Chest", "Wrist", "Finger", "Hand", "Ear Lobe", "Foot"])
        },
        "2A01": { reader throws(DecodeError) in Appearance.describe(try reader.read(UInt16.self)) },
        "2A1C": temperatureMeasurement,
        "2A1E": temperatureMeasurement,
        "2A1D": { reader throws(DecodeError) in
            name(
                try reader.read(UInt8.self),
                [
                    "", "Armpit", "Body (general)", "Ear", "Finger", "Gastro-intestinal Tract", "Mouth", "Rectum",
                    "Toe", "Tympanum",
                ])
        },
        "2A21": { reader throws(DecodeError) in "\(try reader.read(UInt16.self)) s" },
        "2A50": pnpID,
        "2A04": preferredConnectionParameters,
        "2A05": { reader throws(DecodeError) in
            "handles 0x\(hex16(try reader.read(UInt16.self)))–0x\(hex16(try reader.read(UInt16.self)))"
        },
        "2A06": { reader throws(DecodeError) in
            name(try reader.read(UInt8.self), ["No Alert", "Mild Alert", "High Alert"])
        },
        "2A07": { reader throws(DecodeError) in "\(try reader.read(Int8.self)) dBm" },
        "2A6E": { reader throws(DecodeError) in
            "\(MedicalFloat.decimal(mantissa: Int64(try reader.read(Int16.self)), exponent: -2)) °C"
        },
        "2A6F": { reader throws(DecodeError) in
            "\(MedicalFloat.decimal(mantissa: Int64(try reader.read(UInt16.self)), exponent: -2)) %"
        },
        "2A6D": { reader throws(DecodeError) in
            "\(MedicalFloat.decimal(mantissa: Int64(try reader.read(UInt32.self)), exponent: -1)) Pa"
        },
        "2A2B": currentTime,
        "2A35": bloodPressureMeasurement,
        "2A36": bloodPressureMeasurement,
    ]

    private static func heartRateMeasurement(_ reader: inout ByteReader) throws(DecodeError) -> String {
        let flags: UInt8 = try reader.read()
        let rate: UInt16
        if flags & 0x01 == 0 {
            rate = UInt16(try reader.read(UInt8.self))
        } else {
            rate = try reader.read(UInt16.self)
        }
        var parts = ["\(rate) bpm"]
        switch (flags >> 1) & 0x03 {
        case 2: parts.append("no sensor contact")
        case 3: parts.append("sensor contact")
        default: break
        }
        if flags & 0x08 != 0 {
            parts.append("energy expended \(try reader.read(UInt16.self)) kJ")
        }
        if flags & 0x10 != 0 {
            var intervals: [String] = []
            while !reader.isAtEnd {
                let interval = try reader.read(UInt16.self)
                intervals.append("\(Int((Double(interval) * 1000 / 1024).rounded())) ms")
            }
            parts.append("RR " + intervals.joined(separator: " "))
        }
        return parts.joined(separator: ", ")
    }

    private static func temperatureMeasurement(_ reader: inout ByteReader) throws(DecodeError) -> String {
        let flags: UInt8 = try reader.read()
        let temperature = MedicalFloat.float(try reader.read(UInt32.self))
        var text = temperature + (flags & 0x01 == 0 ? " °C" : " °F")
        if flags & 0x02 != 0 {
            let time = try dateTime(&reader)
            text += ", at " + time
        }
        if flags & 0x04 != 0 {
            let type: UInt8 = try reader.read()
            text += ", type \(type)"
        }
        return text
    }

    private static func bloodPressureMeasurement(_ reader: inout ByteReader) throws(DecodeError) -> String {
        let flags: UInt8 = try reader.read()
        let systolic = MedicalFloat.sfloat(try reader.read(UInt16.self))
        let diastolic = MedicalFloat.sfloat(try reader.read(UInt16.self))
        let mean = MedicalFloat.sfloat(try reader.read(UInt16.self))
        _ = reader.readRemaining()
        return "\(systolic)/\(diastolic) \(flags & 0x01 == 0 ? "mmHg" : "kPa"), mean \(mean)"
    }

    private static func pnpID(_ reader: inout ByteReader) throws(DecodeError) -> String {
        let source: UInt8 = try reader.read()
        let vendor: UInt16 = try reader.read()
        let product: UInt16 = try reader.read()
        let version: UInt16 = try reader.read()
        let sourceName = source == 1 ? "Bluetooth SIG" : source == 2 ? "USB" : "source \(source)"
        return "\(sourceName) vendor 0x\(hex16(vendor)), product 0x\(hex16(product)), "
            + "version \(version >> 8).\((version >> 4) & 0x0F).\(version & 0x0F)"
    }

    private static func preferredConnectionParameters(_ reader: inout ByteReader) throws(DecodeError) -> String {
        let minimum: UInt16 = try reader.read()
        let maximum: UInt16 = try reader.read()
        let latency: UInt16 = try reader.read()
        let timeout: UInt16 = try reader.read()
        return "interval \(MedicalFloat.decimal(mantissa: Int64(minimum) * 125, exponent: -2))–"
            + "\(MedicalFloat.decimal(mantissa: Int64(maximum) * 125, exponent: -2)) ms, latency \(latency), "
            + "timeout \(Int(timeout) * 10) ms"
    }

    private static func currentTime(_ reader: inout ByteReader) throws(DecodeError) -> String {
        let text = try dateTime(&reader)
        _ = try reader.readFixed(4)
        return text
    }

    private static func dateTime(_ reader: inout ByteReader) throws(DecodeError) -> String {
        let year: UInt16 = try reader.read()
        let fields = try reader.readFixed(5)
        func two(_ value: UInt8) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(year)-\(two(fields[0]))-\(two(fields[1])) \(two(fields[2])):\(two(fields[3])):\(two(fields[4]))"
    }

    private static func reportReference(_ reader: inout ByteReader) throws(DecodeError) -> String {
        let identifier: UInt8 = try reader.read()
        let type: UInt8 = try reader.read()
        return "report \(identifier), " + name(type, ["", "input", "output", "feature"])
    }

    private static func flags(_ value: UInt16, _ names: [String], none: String) -> String {
        let set = names.enumerated().filter { value & (1 << $0.offset) != 0 }.map(\.element)
        return set.isEmpty ? none : set.joined(separator: ", ")
    }

    private static func name(_ value: UInt8, _ names: [String]) -> String {
        Int(value) < names.count && !names[Int(value)].isEmpty ? names[Int(value)] : "unknown (\(value))"
    }

    private static func quoted(_ value: [UInt8]) -> String? {
        var bytes = value[...]
        while bytes.last == 0 {
            bytes = bytes.dropLast()
        }
        return String(validating: bytes, as: UTF8.self).map(PrintableText.quoted)
    }

    private static func hex16(_ value: UInt16) -> String {
        AttributeValueText.hex([UInt8(value >> 8), UInt8(value & 0xFF)]).uppercased()
    }
}

extension UInt16 {
    fileprivate func onOff(_ names: [String]) -> String {
        names.enumerated().map { "\($0.element) \(self & (1 << $0.offset) != 0 ? "on" : "off")" }
            .joined(separator: ", ")
    }
}
