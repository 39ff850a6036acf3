import Foundation
import VirtualRadio

extension WorldFile {
    /// Reads and checks a world file; `loadGATTFile` reads a GATT file named by a path as written in the world
    /// file. The error names the path of the first element at fault, inside a referenced GATT file too.
    package init(json bytes: [UInt8], loadGATTFile: (String) throws -> [UInt8]) throws(JSONFileError) {
        let object = try JSONField(document: try JSONParser.parse(bytes)).object(keys: ["controller", "peripherals"])
        controller = try object.optional("controller").map(Self.generation)
        peripherals = []
        for field in try object.required("peripherals").array() {
            peripherals.append(try Self.peripheral(from: field, loadGATTFile: loadGATTFile))
        }
    }

    /// Reads a world file from disk, with GATT file paths relative to the world file's directory.
    package init(contentsOfFile path: String) throws(JSONFileError) {
        let directory = URL(fileURLWithPath: path).deletingLastPathComponent()
        try self.init(json: try readFile(path)) { gattPath in
            let url =
                gattPath.hasPrefix("/") ? URL(fileURLWithPath: gattPath) : directory.appendingPathComponent(gattPath)
            return [UInt8](try Data(contentsOf: url))
        }
    }

    private static func peripheral(
        from field: JSONField, loadGATTFile: (String) throws -> [UInt8]
    ) throws(JSONFileError) -> Peripheral {
        let object = try field.object(keys: ["gatt", "position", "rssi", "advertisingIntervalMs", "controller"])
        let gattField = try object.required("gatt")
        let gatt: GATTFile
        var gattPath: String?
        if case .string(let path) = gattField.value {
            let bytes: [UInt8]
            do {
                bytes = try loadGATTFile(path)
            } catch {
                throw gattField.failure("cannot read \"\(path)\": \(fileProblem(error))")
            }
            do {
                gatt = try GATTFile(json: bytes)
            } catch {
                throw gattField.failure("in \"\(path)\": \(error)")
            }
            gattPath = path
        } else if case .object = gattField.value {
            gatt = try GATTFile(field: gattField)
        } else {
            throw gattField.failure(
                "expected a GATT file's path or an inline GATT file, got \(gattField.value.kindDescription)")
        }
        var placement: Placement?
        if let position = object.optional("position") {
            let coordinates = try position.object(keys: ["x", "y", "z"])
            placement = .position(
                x: try coordinates.required("x").number(), y: try coordinates.required("y").number(),
                z: try coordinates.optional("z")?.number() ?? 0)
        }
        if let rssi = object.optional("rssi") {
            guard placement == nil else { throw rssi.failure("give either \"position\" or \"rssi\", not both") }
            placement = .rssi(try rssi.integer(in: -127...20))
        }
        let interval =
            try object.optional("advertisingIntervalMs")?.integer(in: advertisingIntervalRangeMs)
            ?? defaultAdvertisingIntervalMs
        return Peripheral(
            gatt: gatt, gattPath: gattPath, placement: placement, advertisingIntervalMs: interval,
            controller: try object.optional("controller").map(generation))
    }

    /// A controller generation written as its version, `"4.0"`, `"4.2"`, `"5.0"` or `"5.3"`.
    private static func generation(from field: JSONField) throws(JSONFileError) -> ControllerGeneration {
        let name = try field.string()
        guard let generation = ControllerGeneration(rawValue: name) else {
            throw field.failure("expected a controller generation (\(ControllerGeneration.names)), got \"\(name)\"")
        }
        return generation
    }
}

extension GATTFile {
    /// Reads and checks a GATT file from disk; an unreadable file is an error too.
    package init(contentsOfFile path: String) throws(JSONFileError) {
        try self.init(json: try readFile(path))
    }
}

private func readFile(_ path: String) throws(JSONFileError) -> [UInt8] {
    do {
        return [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
    } catch {
        throw JSONFileError(path: "", message: "cannot read \(path): \(fileProblem(error))")
    }
}

/// Why a file could not be read, as the system says it ("No such file or directory"), rather than Foundation's
/// "The operation could not be completed" sentence.
package func fileProblem(_ error: any Error) -> String {
    let error = error as NSError
    if let underlying = error.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
        return String(cString: strerror(Int32(underlying.code)))
    }
    switch (error.domain, error.code) {
    case (NSCocoaErrorDomain, NSFileReadNoSuchFileError), (NSCocoaErrorDomain, NSFileNoSuchFileError):
        return String(cString: strerror(ENOENT))
    case (NSCocoaErrorDomain, NSFileReadNoPermissionError):
        return String(cString: strerror(EACCES))
    default:
        return error.localizedDescription
    }
}
