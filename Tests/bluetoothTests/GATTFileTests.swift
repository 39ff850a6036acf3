import CoreBluetooth
import Foundation
import Testing

@testable import GATTFileFormat
@testable import bluetooth

@Suite("GATT file: reading, checking and turning into CoreBluetooth services", .timeLimit(.minutes(2)))
struct GATTFileTests {
    static let thermometer = """
        {
          "name": "Thermometer",
          "advertise": { "services": ["1809"] },
          "services": [
            { "uuid": "180F", "primary": false,
              "characteristics": [ { "uuid": "2A19", "properties": ["read"], "permissions": ["readable"], "value": "55" } ] },
            { "uuid": "1809", "primary": true,
              "includes": ["180f"],
              "characteristics": [
                { "uuid": "2A1C", "properties": ["indicate"], "permissions": ["readable"],
                  "notify": { "intervalMs": 1000, "values": ["00e8030000", "text:hi"] } },
                { "uuid": "2A21", "properties": ["read", "write"],
                  "permissions": ["readable", "writeable"], "initialValue": "0a00",
                  "descriptors": [ { "uuid": "2901", "value": "text:Measurement interval" },
                                   { "uuid": "2904", "value": "06000327010000" } ] },
                { "uuid": "2A1D", "properties": ["read"], "permissions": ["readEncryptionRequired"],
                  "initialValue": "02" }
              ] }
          ]
        }
        """

    static func decode(_ text: String) throws(JSONFileError) -> GATTFile {
        try GATTFile(json: Array(text.utf8))
    }

    static func error(_ text: String) -> String? {
        do {
            _ = try decode(text)
            return nil
        } catch {
            return error.description
        }
    }

    static func characteristic(_ members: String) -> String {
        """
        { "services": [ { "uuid": "180D", "characteristics": [
            { "uuid": "2A37", "properties": ["notify"], "permissions": ["readable"] },
            { \(members) } ] } ] }
        """
    }

    @Test("a well-formed file gives its name, advertising, services, values and descriptors in file order")
    func readsWellFormedFile() throws {
        let file = try Self.decode(Self.thermometer)
        #expect(file.name == "Thermometer")
        #expect(file.advertisedServices == [CBUUID(string: "1809")])
        #expect(file.services.map(\.uuid.uuidString) == ["180F", "1809"])
        #expect(file.services[0].isPrimary == false)
        #expect(file.services[1].includes == [CBUUID(string: "180F")])
        let characteristics = file.services[1].characteristics
        #expect(characteristics.map(\.uuid.uuidString) == ["2A1C", "2A21", "2A1D"])
        #expect(
            characteristics[0].notify
                == GATTFile.Notify(intervalMs: 1000, values: [[0x00, 0xE8, 0x03, 0x00, 0x00], Array("hi".utf8)]))
        #expect(characteristics[1].properties == [.read, .write])
        #expect(characteristics[1].permissions == [.readable, .writeable])
        #expect(characteristics[1].initialValue == [0x0A, 0x00])
        #expect(characteristics[1].staticValue == nil)
        #expect(characteristics[1].descriptors.first?.value == Array("Measurement interval".utf8))
        #expect(characteristics[2].permissions == .readEncryptionRequired)
        #expect(file.services[0].characteristics[0].staticValue == [0x55])
    }

    @Test("UUIDs are read in either case and kept in the form CBUUID prints")
    func uuidForms() throws {
        let file = try Self.decode(
            """
            { "services": [ { "uuid": "0000aaaa-1111-2222-3333-444455556666" },
                            { "uuid": "fee0", "characteristics": [
                              { "uuid": "abcdef01", "properties": [], "permissions": [] } ] } ] }
            """)
        #expect(file.services[0].uuid.uuidString == "0000AAAA-1111-2222-3333-444455556666")
        #expect(file.services[1].uuid.uuidString == "FEE0")
        #expect(file.services[1].characteristics[0].uuid.uuidString == "ABCDEF01")
    }

    static let badFiles: [(file: String, error: String)] = [
        (
            #"{ "services": [ { "uuid": "180D" }, { "uuid": "180F", "characteristics": [ { "uuid": "2A1", "properties": [], "permissions": [] } ] } ] }"#,
            #"services[1].characteristics[0].uuid: not a UUID: "2A1" (write 4 or 8 hex digits, or 36 characters with dashes, e.g. "180D")"#
        ),
        (
            characteristic(#""uuid": "2A38", "properties": ["read", "notfy"], "permissions": ["readable"]"#),
            "services[0].characteristics[1].properties[1]: unknown property 'notfy' (known: broadcast, read, "
                + "writeWithoutResponse, write, notify, indicate, authenticatedSignedWrites, extendedProperties, "
                + "notifyEncryptionRequired, indicateEncryptionRequired)"
        ),
        (
            characteristic(#""uuid": "2A38", "properties": ["read"], "permissions": ["readble"]"#),
            "services[0].characteristics[1].permissions[0]: unknown permission 'readble' (known: readable, "
                + "writeable, readEncryptionRequired, writeEncryptionRequired)"
        ),
        (
            characteristic(#""uuid": "2A38", "properties": ["read"], "permissions": ["readable"], "value": "0g""#),
            #"services[0].characteristics[1].value: not hex or text: "0g" (write pairs of hex digits, e.g. "0a00", or "text:" and UTF-8 text)"#
        ),
        (
            characteristic(
                #""uuid": "2A38", "properties": ["read"], "permissions": ["readable"], "initialValue": "abc""#),
            #"services[0].characteristics[1].initialValue: not hex or text: "abc" (write pairs of hex digits, e.g. "0a00", or "text:" and UTF-8 text)"#
        ),
        (
            characteristic(
                #""uuid": "2A38", "properties": ["read", "write"], "permissions": ["readable"], "value": "01""#),
            "services[0].characteristics[1].properties[1]: 'write' does not fit a static value: a \"value\" makes "
                + "the characteristic static and read-only, so only 'read' fits; use \"initialValue\" for a value that changes"
        ),
        (
            characteristic(
                #""uuid": "2A38", "properties": ["read"], "permissions": ["readable", "writeable"], "value": "01""#),
            "services[0].characteristics[1].permissions[1]: 'writeable' does not fit a static value: a \"value\" "
                + "makes the characteristic static and read-only, so only 'readable' (or 'readEncryptionRequired') "
                + "fits; use \"initialValue\" for a value that changes"
        ),
        (
            characteristic(#""uuid": "2A38", "properties": [], "permissions": ["readable"], "value": "01""#),
            "services[0].characteristics[1].properties: a \"value\" makes the characteristic static and read-only: it needs the 'read' property"
        ),
        (
            characteristic(
                #""uuid": "2A38", "properties": ["read"], "permissions": ["readable"], "value": "01", "initialValue": "02""#
            ),
            "services[0].characteristics[1].initialValue: cannot go with \"value\": a \"value\" makes the characteristic static and read-only; keep one of the two"
        ),
        (
            characteristic(
                #""uuid": "2A38", "properties": ["notify"], "permissions": ["readable"], "notify": { "intervalMs": 10, "values": ["01", "zz"] }"#
            ),
            #"services[0].characteristics[1].notify.values[1]: not hex or text: "zz" (write pairs of hex digits, e.g. "0a00", or "text:" and UTF-8 text)"#
        ),
        (
            characteristic(
                #""uuid": "2A38", "properties": ["read"], "permissions": ["readable"], "notify": { "intervalMs": 10, "values": ["01"] }"#
            ),
            "services[0].characteristics[1].notify: needs the 'notify' or 'indicate' property"
        ),
        (
            characteristic(
                #""uuid": "2A38", "properties": ["notify"], "permissions": [], "notify": { "intervalMs": 0.5, "values": ["01"] }"#
            ),
            "services[0].characteristics[1].notify.intervalMs: expected a whole number from 1 to 3600000"
        ),
        (
            characteristic(
                #""uuid": "2A38", "properties": ["notify"], "permissions": [], "notify": { "values": ["01"] }"#),
            "services[0].characteristics[1].notify.intervalMs: missing"
        ),
        (
            characteristic(#""uuid": "2A38", "properties": ["broadcast"], "permissions": []"#),
            "services[0].characteristics[1].properties[0]: 'broadcast' is not allowed on a local characteristic; CoreBluetooth refuses it"
        ),
        (
            characteristic(#""uuid": "2A38", "properties": ["read", "read"], "permissions": []"#),
            "services[0].characteristics[1].properties[1]: 'read' is listed twice"
        ),
        (
            characteristic(#""uuid": "2A38", "permissions": []"#),
            "services[0].characteristics[1].properties: missing"
        ),
        (
            characteristic(#""uuid": "2A38", "properties": ["read"], "permissions": [], "valeu": "01""#),
            "services[0].characteristics[1].valeu: unknown key (expected one of: uuid, properties, permissions, "
                + "value, initialValue, notify, descriptors)"
        ),
        (
            characteristic(
                #""uuid": "2A38", "properties": ["read"], "permissions": [], "descriptors": [ { "uuid": "2902", "value": "0000" } ]"#
            ),
            "services[0].characteristics[1].descriptors[0].uuid: the stack makes the 2902 descriptor itself; leave it out"
        ),
        (
            characteristic(
                #""uuid": "2A38", "properties": ["read"], "permissions": [], "descriptors": [ { "uuid": "2904", "value": "0400" } ]"#
            ),
            "services[0].characteristics[1].descriptors[0].value: a presentation format is 7 bytes (format, exponent, unit, namespace, description), not 2"
        ),
        (
            characteristic(
                #""uuid": "2A38", "properties": ["read"], "permissions": [], "descriptors": [ { "uuid": "2901", "value": "ff" } ]"#
            ),
            "services[0].characteristics[1].descriptors[0].value: a user description must be UTF-8 text"
        ),
        (
            characteristic(
                #""uuid": "2A38", "properties": ["read"], "permissions": [], "descriptors": [ { "uuid": "2901", "value": "text:a" }, { "uuid": "2901", "value": "text:b" } ]"#
            ),
            "services[0].characteristics[1].descriptors[1].uuid: 2901 is already defined at services[0].characteristics[1].descriptors[0]"
        ),
        (
            #"{ "services": [ { "uuid": "1809", "includes": ["180F"] }, { "uuid": "180F" } ] }"#,
            "services[0].includes[0]: 180F is defined later in the file; list an included service before the services that include it"
        ),
        (
            #"{ "services": [ { "uuid": "1809", "includes": ["1810"] } ] }"#,
            "services[0].includes[0]: no service 1810 in this file"
        ),
        (
            #"{ "services": [ { "uuid": "1809", "includes": ["1809"] } ] }"#,
            "services[0].includes[0]: a service cannot include itself"
        ),
        (
            #"{ "services": [ { "uuid": "0000180F" } ] }"#,
            "services[0].uuid: a service UUID must be 16-bit or 128-bit; CoreBluetooth refuses 32-bit ones"
        ),
        (
            #"{ "services": [ { "uuid": "180F", "primary": "yes" } ] }"#,
            #"services[0].primary: expected true or false, got a string"#
        ),
        (
            #"{ "advertise": { "manufacturerData": "4c000215" }, "services": [] }"#,
            "advertise.manufacturerData: a CoreBluetooth peripheral manager cannot advertise manufacturer data "
                + "(startAdvertising takes only a local name and service UUIDs); leave it out"
        ),
        (
            characteristic(
                #""uuid": "2A38", "properties": ["read", "write"], "permissions": ["readable"], "initialValue": "\#(String(repeating: "ab", count: 513))""#
            ),
            "services[0].characteristics[1].initialValue: the value is 513 bytes; an attribute value holds at most 512"
        ),
        (
            characteristic(
                #""uuid": "2A38", "properties": ["read"], "permissions": ["readable"], "value": "text:\#(String(repeating: "x", count: 600))""#
            ),
            "services[0].characteristics[1].value: the value is 600 bytes; an attribute value holds at most 512"
        ),
        (
            #"{ "advertise": { "services": ["180D", "xyz"] } }"#,
            #"advertise.services[1]: not a UUID: "xyz" (write 4 or 8 hex digits, or 36 characters with dashes, e.g. "180D")"#
        ),
        (
            #"{ "name": "A", "name": "B" }"#,
            "name: the key appears twice"
        ),
        (
            #"[1, 2]"#,
            "expected an object, got an array"
        ),
        (
            "{\n  \"services\": [\n    { \"uuid\": \"180D\" }\n    { \"uuid\": \"180F\" }\n  ]\n}",
            "not valid JSON: line 4, column 5: expected ',' or ']'"
        ),
    ]

    @Test("a bad element is reported with its exact path", arguments: badFiles)
    func reportsPath(file: String, expected: String) {
        #expect(Self.error(file) == expected)
    }

    @Test(
        "services become CoreBluetooth objects in file order, with includes, cached values and Apple's descriptor types"
    )
    func makesServices() throws {
        let services = try Self.decode(Self.thermometer).makeServices()
        #expect(services.map(\.uuid.uuidString) == ["180F", "1809"])
        #expect(services[0].isPrimary == false)
        #expect(services[1].includedServices?.first === services[0])
        let battery = try #require(services[0].characteristics?.first as? CBMutableCharacteristic)
        #expect(battery.value == Data([0x55]))
        #expect(battery.properties == .read)
        let characteristics = try #require(services[1].characteristics as? [CBMutableCharacteristic])
        #expect(characteristics.map(\.uuid.uuidString) == ["2A1C", "2A21", "2A1D"])
        #expect(characteristics[1].value == nil)
        #expect(characteristics[1].permissions == [.readable, .writeable])
        #expect(characteristics[1].service === services[1])
        let descriptors = try #require(characteristics[1].descriptors)
        #expect(descriptors[0].value as? String == "Measurement interval")
        #expect(descriptors[1].value as? Data == Data([0x06, 0x00, 0x03, 0x27, 0x01, 0x00, 0x00]))
        #expect(characteristics[0].descriptors == nil)
    }

    @Test("a service may hold several characteristics of one UUID, and a file several services of one UUID")
    func duplicateUUIDsAreAllowed() throws {
        let file = try Self.decode(
            """
            { "services": [
                { "uuid": "1812", "characteristics": [
                    { "uuid": "2A4D", "properties": ["read"], "permissions": ["readable"], "initialValue": "01" },
                    { "uuid": "2A4D", "properties": ["read"], "permissions": ["readable"], "initialValue": "02" } ] },
                { "uuid": "1812" } ] }
            """)
        #expect(file.services.map(\.uuid.uuidString) == ["1812", "1812"])
        #expect(file.services[0].characteristics.map(\.initialValue) == [[0x01], [0x02]])
        #expect(file.makeServices().count == 2)
    }

    @Test("a name too long to advertise whole next to the services gets a warning; one that fits does not")
    func longNameWarning() throws {
        #expect(try Self.decode(Self.thermometer).nameFitWarning == nil)
        let long = try Self.decode(
            #"{ "name": "A thermometer with a name far too long to fit", "advertise": { "services": ["1809"] } }"#)
        let warning = try #require(long.nameFitWarning)
        #expect(warning.hasPrefix("the name \"A thermometer with a name far too long to fit\" (45 bytes) does not fit"))
    }

    @Test("hex values may open with 0x and be split by spaces")
    func hexForms() {
        #expect(AttributeValueText.hexBytes("0a00") == [0x0A, 0x00])
        #expect(AttributeValueText.hexBytes("0x0a00") == [0x0A, 0x00])
        #expect(AttributeValueText.hexBytes("0a 00") == [0x0A, 0x00])
        #expect(AttributeValueText.hexBytes("0x0A 0x00") == [0x0A, 0x00])
        #expect(AttributeValueText.hexBytes("0x") == nil)
        #expect(AttributeValueText.hexBytes("0a0") == nil)
        #expect(AttributeValueText.hexBytes("0g") == nil)
    }

    @Test("advertisement data holds the local name (the host name when the file has none) and service UUIDs")
    func advertisementData() throws {
        let file = try Self.decode(Self.thermometer)
        let data = file.advertisementData()
        #expect(data[CBAdvertisementDataLocalNameKey] as? String == "Thermometer")
        #expect(data[CBAdvertisementDataServiceUUIDsKey] as? [CBUUID] == [CBUUID(string: "1809")])
        let unnamed = try Self.decode("{}").advertisementData()
        #expect(unnamed.keys.sorted() == [CBAdvertisementDataLocalNameKey])
        #expect(unnamed[CBAdvertisementDataLocalNameKey] as? String == ProcessInfo.processInfo.hostName)
    }
}
