import GATTFileFormat
extension ExploreReport {
    /// The tree people read: each service, included service, characteristic and descriptor with its well-known
    /// name, values as hex and, where the format is known, decoded.
    func treeText() -> String {
        var lines = [headline]
        for (serviceIndex, service) in services.enumerated() {
            let lastService = serviceIndex == services.count - 1
            lines.append((lastService ? "└─ " : "├─ ") + service.line)
            let serviceIndent = lastService ? "   " : "│  "
            let children = service.includedServices.count + service.characteristics.count
            for (offset, included) in service.includedServices.enumerated() {
                let branch = offset == children - 1 ? "└─ " : "├─ "
                lines.append(serviceIndent + branch + "Includes " + Self.label(included))
            }
            for (offset, characteristic) in service.characteristics.enumerated() {
                let last = service.includedServices.count + offset == children - 1
                lines.append(serviceIndent + (last ? "└─ " : "├─ ") + characteristic.line)
                let indent = serviceIndent + (last ? "   " : "│  ")
                for (descriptorIndex, descriptor) in characteristic.descriptors.enumerated() {
                    let branch = descriptorIndex == characteristic.descriptors.count - 1 ? "└─ " : "├─ "
                    lines.append(indent + branch + descriptor.line)
                }
            }
        }
        return lines.joined(separator: "\n")
    }

    private var headline: String {
        var details = [String]()
        if let address { details.append(address) }
        details.append("identifier \(identifier)")
        let count = services.count == 1 ? "1 service" : "\(services.count) services"
        return
            "\(name.map(PrintableText.quoted) ?? "Unnamed peripheral") (\(details.joined(separator: ", "))), \(count)"
    }

    /// A UUID followed by its well-known name, if it has one.
    static func label(_ uuid: String) -> String {
        AssignedNumbers.name(of: uuid).map { "\(uuid) \($0)" } ?? uuid
    }

    /// A value as hex with its decoding in parentheses, or "(empty)".
    static func valueText(_ value: [UInt8], decoded: String?) -> String {
        let hex = value.isEmpty ? "(empty)" : AttributeValueText.hex(value)
        return decoded.map { "\(hex) (\($0))" } ?? hex
    }
}

extension ExploreReport.Service {
    fileprivate var line: String {
        "Service " + ExploreReport.label(uuid) + (isPrimary ? " (primary)" : " (secondary)")
    }
}

extension ExploreReport.Characteristic {
    /// The presentation format given by the characteristic's 2904 descriptor, if it has a well-formed one.
    var presentationFormat: PresentationFormat? {
        guard let bytes = descriptors.first(where: { $0.uuid.uppercased() == "2904" })?.value else { return nil }
        return try? PresentationFormat(decoding: bytes)
    }

    fileprivate var line: String {
        var text = "Characteristic " + ExploreReport.label(uuid) + " [\(properties.joined(separator: ", "))]"
        if let value {
            let decoded = ValueDecoder.describe(characteristic: uuid, value: value, format: presentationFormat)
            text += ": " + ExploreReport.valueText(value, decoded: decoded)
        } else if let error {
            text += ": read refused (\(error))"
        }
        return text
    }
}

extension ExploreReport.Descriptor {
    fileprivate var line: String {
        var text = "Descriptor " + ExploreReport.label(uuid)
        if let value {
            text +=
                ": " + ExploreReport.valueText(value, decoded: ValueDecoder.describe(descriptor: uuid, value: value))
        }
        return text
    }
}
