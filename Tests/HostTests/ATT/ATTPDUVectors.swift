import HCI
import Host

/// One hand-written vector per PDU shape of Bluetooth Core Specification Vol 3, Part F, 3.4.
enum ATTPDUVectors {
    private static func h(_ raw: UInt16) -> AttributeHandle { ATTFixtures.handle(raw) }

    static let all: [ATTPDUVector] = [
        ATTPDUVector(
            "Error Response: Read Request on 0x0003, Read Not Permitted", "01 0A 0300 02",
            .errorResponse(ATTErrorResponse(requestOpcode: .readRequest, handle: h(3), error: .readNotPermitted)),
            minimumLength: 5),
        ATTPDUVector(
            "Exchange MTU Request, Client Rx MTU 247", "02 F700",
            .exchangeMTURequest(ATTExchangeMTURequest(clientRxMTU: 247)), minimumLength: 3),
        ATTPDUVector(
            "Exchange MTU Response, Server Rx MTU 23", "03 1700",
            .exchangeMTUResponse(ATTExchangeMTUResponse(serverRxMTU: 23)), minimumLength: 3),
        ATTPDUVector(
            "Find Information Request over the whole range", "04 0100 FFFF",
            .findInformationRequest(ATTFindInformationRequest(startingHandle: .min, endingHandle: .max)),
            minimumLength: 5),
        ATTPDUVector(
            "Find Information Response, 16-bit format", "05 01 0100 0028 0200 0328",
            .findInformationResponse(
                ATTFindInformationResponse(
                    format: .uuid16,
                    entries: [
                        .init(handle: h(1), uuid: BluetoothUUID(uuid16: 0x2800)),
                        .init(handle: h(2), uuid: BluetoothUUID(uuid16: 0x2803)),
                    ])), minimumLength: 6),
        ATTPDUVector(
            "Find Information Response, 128-bit format", "05 02 1000 " + ATTFixtures.nordicUARTWire,
            .findInformationResponse(
                ATTFindInformationResponse(
                    format: .uuid128, entries: [.init(handle: h(0x10), uuid: ATTFixtures.nordicUART)])),
            minimumLength: 20),
        ATTPDUVector(
            "Find By Type Value Request for the Heart Rate primary service", "06 0100 FFFF 0028 0D18",
            .findByTypeValueRequest(
                ATTFindByTypeValueRequest(
                    startingHandle: .min, endingHandle: .max, attributeType: 0x2800, attributeValue: [0x0D, 0x18])),
            minimumLength: 7),
        ATTPDUVector(
            "Find By Type Value Response with two groups", "07 1000 1500 2000 2A00",
            .findByTypeValueResponse(
                ATTFindByTypeValueResponse(handlesInformation: [
                    .init(foundAttributeHandle: h(0x10), groupEndHandle: h(0x15)),
                    .init(foundAttributeHandle: h(0x20), groupEndHandle: h(0x2A)),
                ])), minimumLength: 5),
        ATTPDUVector(
            "Read By Type Request for characteristic declarations (16-bit type)", "08 0100 FFFF 0328",
            .readByTypeRequest(
                ATTReadByTypeRequest(
                    startingHandle: .min, endingHandle: .max, attributeType: BluetoothUUID(uuid16: 0x2803))),
            minimumLength: 7),
        ATTPDUVector(
            "Read By Type Request with a 128-bit type", "08 0100 FFFF " + ATTFixtures.nordicUARTWire,
            .readByTypeRequest(
                ATTReadByTypeRequest(startingHandle: .min, endingHandle: .max, attributeType: ATTFixtures.nordicUART)),
            minimumLength: 7),
        ATTPDUVector(
            "Read By Type Response with two 5-byte values (Length 7)", "09 07 0200 10 0300 372A 0400 02 0500 382A",
            .readByTypeResponse(
                ATTReadByTypeResponse(attributeData: [
                    .init(handle: h(2), value: [0x10, 0x03, 0x00, 0x37, 0x2A]),
                    .init(handle: h(4), value: [0x02, 0x05, 0x00, 0x38, 0x2A]),
                ])), minimumLength: 9),
        ATTPDUVector(
            "Read Request", "0A 0300", .readRequest(ATTReadRequest(handle: h(3))), minimumLength: 3),
        ATTPDUVector(
            "Read Response", "0B 0648", .readResponse(ATTReadResponse(value: [0x06, 0x48])), minimumLength: 1),
        ATTPDUVector(
            "Read Response with an empty value", "0B", .readResponse(ATTReadResponse(value: [])), minimumLength: 1),
        ATTPDUVector(
            "Read Blob Request at offset 22", "0C 0300 1600",
            .readBlobRequest(ATTReadBlobRequest(handle: h(3), offset: 22)), minimumLength: 5),
        ATTPDUVector(
            "Read Blob Response", "0D 010203", .readBlobResponse(ATTReadBlobResponse(value: [1, 2, 3])),
            minimumLength: 1),
        ATTPDUVector(
            "Read Multiple Request for two handles", "0E 0300 0500",
            .readMultipleRequest(ATTReadMultipleRequest(handles: [h(3), h(5)])), minimumLength: 5),
        ATTPDUVector(
            "Read Multiple Response", "0F 064801",
            .readMultipleResponse(ATTReadMultipleResponse(setOfValues: [0x06, 0x48, 0x01])), minimumLength: 1),
        ATTPDUVector(
            "Read By Group Type Request for primary services", "10 0100 FFFF 0028",
            .readByGroupTypeRequest(
                ATTReadByGroupTypeRequest(
                    startingHandle: .min, endingHandle: .max, attributeGroupType: BluetoothUUID(uuid16: 0x2800))),
            minimumLength: 7),
        ATTPDUVector(
            "Read By Group Type Response with two 16-bit services (Length 6)", "11 06 0100 0500 0018 0600 0B00 0D18",
            .readByGroupTypeResponse(
                ATTReadByGroupTypeResponse(attributeData: [
                    .init(handle: h(1), endGroupHandle: h(5), value: [0x00, 0x18]),
                    .init(handle: h(6), endGroupHandle: h(0x0B), value: [0x0D, 0x18]),
                ])), minimumLength: 8),
        ATTPDUVector(
            "Read By Group Type Response with a 128-bit service (Length 20)",
            "11 14 0C00 0F00 " + ATTFixtures.nordicUARTWire,
            .readByGroupTypeResponse(
                ATTReadByGroupTypeResponse(attributeData: [
                    .init(
                        handle: h(0x0C), endGroupHandle: h(0x0F), value: ATTFixtures.bytes(ATTFixtures.nordicUARTWire))
                ])), minimumLength: 22),
        ATTPDUVector(
            "Write Request", "12 0500 0102", .writeRequest(ATTWriteRequest(handle: h(5), value: [1, 2])),
            minimumLength: 3),
        ATTPDUVector(
            "Write Request with an empty value", "12 0500", .writeRequest(ATTWriteRequest(handle: h(5), value: [])),
            minimumLength: 3),
        ATTPDUVector("Write Response", "13", .writeResponse(ATTWriteResponse()), minimumLength: 1),
        ATTPDUVector(
            "Write Command", "52 0500 01", .writeCommand(ATTWriteCommand(handle: h(5), value: [1])), minimumLength: 3),
        ATTPDUVector(
            "Signed Write Command (the spec's signing example)", "D2 1200 1337 01000000F1871E933C900FF2",
            .signedWriteCommand(
                ATTSignedWriteCommand(
                    handle: h(0x12), value: [0x13, 0x37], signature: ATTFixtures.bytes("01000000F1871E933C900FF2"))),
            minimumLength: 15),
        ATTPDUVector(
            "Prepare Write Request", "16 0500 0000 4142",
            .prepareWriteRequest(ATTPrepareWriteRequest(handle: h(5), offset: 0, value: [0x41, 0x42])),
            minimumLength: 5),
        ATTPDUVector(
            "Prepare Write Response at offset 18", "17 0500 1200 43",
            .prepareWriteResponse(ATTPrepareWriteResponse(handle: h(5), offset: 18, value: [0x43])),
            minimumLength: 5),
        ATTPDUVector(
            "Execute Write Request, write all", "18 01",
            .executeWriteRequest(ATTExecuteWriteRequest(flags: .writeAll)), minimumLength: 2),
        ATTPDUVector(
            "Execute Write Request, cancel all", "18 00",
            .executeWriteRequest(ATTExecuteWriteRequest(flags: .cancelAll)), minimumLength: 2),
        ATTPDUVector(
            "Execute Write Response", "19", .executeWriteResponse(ATTExecuteWriteResponse()), minimumLength: 1),
        ATTPDUVector(
            "Handle Value Notification of a heart rate measurement", "1B 0300 0648",
            .handleValueNotification(ATTHandleValueNotification(handle: h(3), value: [0x06, 0x48])),
            minimumLength: 3),
        ATTPDUVector(
            "Handle Value Indication of Service Changed", "1D 0A00 0100FFFF",
            .handleValueIndication(ATTHandleValueIndication(handle: h(0x0A), value: [0x01, 0x00, 0xFF, 0xFF])),
            minimumLength: 3),
        ATTPDUVector(
            "Handle Value Confirmation", "1E", .handleValueConfirmation(ATTHandleValueConfirmation()),
            minimumLength: 1),
        ATTPDUVector(
            "Read Multiple Variable Request for three handles", "20 0300 0500 0700",
            .readMultipleVariableRequest(ATTReadMultipleVariableRequest(handles: [h(3), h(5), h(7)])),
            minimumLength: 5),
        ATTPDUVector(
            "Read Multiple Variable Response with two whole values", "21 0200 0648 0100 01",
            .readMultipleVariableResponse(
                ATTReadMultipleVariableResponse(tuples: [.init(value: [0x06, 0x48]), .init(value: [0x01])])),
            minimumLength: 5),
        ATTPDUVector(
            "Read Multiple Variable Response whose last value was cut", "21 0200 0648 0500 4142",
            .readMultipleVariableResponse(
                ATTReadMultipleVariableResponse(tuples: [
                    .init(value: [0x06, 0x48]), .init(valueLength: 5, value: [0x41, 0x42]),
                ])), minimumLength: 5),
        ATTPDUVector(
            "Multiple Handle Value Notification with two values", "23 0300 0200 0648 0700 0100 01",
            .multipleHandleValueNotification(
                ATTMultipleHandleValueNotification(tuples: [
                    .init(handle: h(3), value: [0x06, 0x48]), .init(handle: h(7), value: [0x01]),
                ])), minimumLength: 9),
    ]
}
