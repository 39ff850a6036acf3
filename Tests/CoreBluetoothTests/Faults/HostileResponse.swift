import CoreBluetooth
import Foundation

/// A GATT response a hostile peripheral sends in place of its honest one, the request it answers, and what the
/// central app is doing when it arrives.
enum HostileResponse: String, CaseIterable, Sendable {
    case oversizedRead = "a Read Response of 600 bytes on a 23-byte ATT_MTU"
    case writeResponseToRead = "a Write Response to a Read Request"
    case errorForAnotherRequest = "an Error Response naming a request never sent"
    case truncatedServiceGroup = "a Read By Group Type Response cut inside its first group"
    case reversedServiceRange = "a service whose end handle is below its start"
    case overlappingServiceRanges = "two services whose handle ranges overlap"
    case servicesGoingBackwards = "every service response restarting at handle 1"
    case characteristicOutsideService = "a characteristic declared outside its service's range"
    case characteristicWithZeroHandle = "a characteristic whose value handle is 0"
    case descriptorWithZeroHandle = "a descriptor at handle 0"
    case findInformationUnknownFormat = "a Find Information Response of format 3"

    /// Whether the central drops the link: a response of the wrong kind (or an Error Response for another
    /// request) is not taken for the outstanding request's answer, so the request times out and, as the
    /// specification requires after an ATT timeout, the link goes down.
    var dropsLink: Bool { self == .writeResponseToRead || self == .errorForAnotherRequest }

    /// The error the app's call fails with: the connection timed out where the request got no answer it could
    /// take; else "Unknown error." (CBError.unknown) for a peer that breaks the protocol rather than refusing
    /// with an ATT error.
    var reportedError: ErrorSummary {
        ErrorSummary(
            domain: CBErrorDomain,
            code: dropsLink ? CBError.Code.connectionTimeout.rawValue : CBError.Code.unknown.rawValue)
    }

    /// What the app does that the hostile response answers.
    enum Operation: Sendable {
        case read
        case discoverServices
        case discoverCharacteristics
        case discoverDescriptors
    }

    var operation: Operation {
        switch self {
        case .oversizedRead, .writeResponseToRead, .errorForAnotherRequest: .read
        case .truncatedServiceGroup, .reversedServiceRange, .overlappingServiceRanges, .servicesGoingBackwards:
            .discoverServices
        case .characteristicOutsideService, .characteristicWithZeroHandle: .discoverCharacteristics
        case .descriptorWithZeroHandle, .findInformationUnknownFormat: .discoverDescriptors
        }
    }

    /// The opcode of the honest response this one replaces.
    var replacedOpcode: UInt8 {
        switch operation {
        case .read: 0x0B
        case .discoverServices: 0x11
        case .discoverCharacteristics: 0x09
        case .discoverDescriptors: 0x05
        }
    }

    /// The PDU sent instead.
    var pdu: [UInt8] {
        switch self {
        case .oversizedRead: [0x0B] + [UInt8](repeating: 0xEE, count: 600)
        case .writeResponseToRead: [0x13]
        case .errorForAnotherRequest: [0x01, 0x12, 0x03, 0x00, 0x0E]
        case .truncatedServiceGroup: [0x11, 0x06, 0x01, 0x00]
        case .reversedServiceRange: [0x11, 0x06, 0x10, 0x00, 0x05, 0x00, 0x0F, 0x18]
        case .overlappingServiceRanges:
            [0x11, 0x06, 0x01, 0x00, 0x10, 0x00, 0x0F, 0x18, 0x05, 0x00, 0x20, 0x00, 0x0A, 0x18]
        case .servicesGoingBackwards: [0x11, 0x06, 0x01, 0x00, 0x05, 0x00, 0x0F, 0x18]
        case .characteristicOutsideService: [0x09, 0x07, 0xF0, 0xFF, 0x02, 0xF1, 0xFF, 0x19, 0x2A]
        case .characteristicWithZeroHandle: [0x09, 0x07, 0x00, 0x00, 0x02, 0x00, 0x00, 0x19, 0x2A]
        case .descriptorWithZeroHandle: [0x05, 0x01, 0x00, 0x00, 0x02, 0x29]
        case .findInformationUnknownFormat: [0x05, 0x03, 0x10, 0x00, 0x02, 0x29]
        }
    }
}
